// Projects: the list (platform-api.md §4.2). The published description pages it (listProjects:
// `limit` 1..400, 10 by default, and `cursor`), so `iterate` follows `pagination.cursor` and `list`
// gathers every page.
import { expectList, paginationCursor } from '../internal/shape.js';
import type { CallOptions, Transport } from '../internal/transport.js';
import { rejectUnknownKeys, requireOptionsObject } from '../internal/validate.js';
import { CursorPaginator } from '../pagination.js';
import type { Project } from '../types.js';
import { checkLimit, type RequestOptions, toCallOptions } from './request-options.js';

/** The most projects one page may hold (the published description's bound on `limit`). */
export const MAX_PROJECTS_PAGE_LIMIT = 400;

export interface ProjectsIterateParams {
  /** Page size sent as `limit`, 1..400; the server's default (10) when omitted. */
  limit?: number;
}

export class Projects {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** Every project of the account, all pages gathered. */
  async list(options?: RequestOptions): Promise<Project[]> {
    return this.#paginator(undefined, toCallOptions(options, 'projects.list')).toArray();
  }

  /** Every project, page by page; one page in memory at a time. */
  iterate(params?: ProjectsIterateParams, options?: RequestOptions): CursorPaginator<Project> {
    const context = 'projects.iterate';
    const given = requireOptionsObject(params, context);
    rejectUnknownKeys(given, ['limit'], context);
    return this.#paginator(checkLimit(given.limit, context, MAX_PROJECTS_PAGE_LIMIT), toCallOptions(options, context));
  }

  #paginator(limit: number | undefined, call: CallOptions): CursorPaginator<Project> {
    return new CursorPaginator<Project>(
      (cursor) =>
        this.#transport.request(
          {
            method: 'GET',
            path: '/projects',
            query: { limit, cursor },
            parse: (data) => ({
              items: expectList<Project>(data, 'projects', { id: 'string' }),
              cursor: paginationCursor(data),
            }),
          },
          call,
        ),
      (project) => project.id,
    );
  }
}

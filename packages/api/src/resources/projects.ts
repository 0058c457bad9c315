// Projects: the list (platform-api.md §4.2). The published description pages it (listProjects:
// `limit` 1..400, 10 by default, and `cursor`), so `list` follows `pagination.cursor`.
import { expectList, paginationCursor } from '../internal/shape.js';
import type { Transport } from '../internal/transport.js';
import { rejectUnknownKeys, requireOptionsObject } from '../internal/validate.js';
import { PagePromise } from '../pagination.js';
import type { Project } from '../types.js';
import { checkLimit, type RequestOptions, toCallOptions } from './request-options.js';

/** The most projects one page may hold (the published description's bound on `limit`). */
export const MAX_PROJECTS_PAGE_LIMIT = 400;

/** What `projects.list` takes. */
export interface ProjectsListParams {
  /** Page size sent as `limit`, 1..400; the server's default (10) when omitted. */
  limit?: number;
}

/** `/projects`: the account's projects. */
export class Projects {
  readonly #transport: Transport;

  /** @internal The client makes it. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * The account's projects: await it for the first page, `for await` over it (or `toArray()`) for
   * every project, fetched page by page. Argument mistakes reject.
   */
  list(params?: ProjectsListParams, options?: RequestOptions): PagePromise<Project> {
    const context = 'projects.list';
    return new PagePromise<Project>(
      async (cursor) => {
        const given = requireOptionsObject(params, context);
        rejectUnknownKeys(given, ['limit'], context);
        const limit = checkLimit(given.limit, context, MAX_PROJECTS_PAGE_LIMIT);
        return this.#transport.request(
          {
            method: 'GET',
            path: '/projects',
            query: { limit, cursor },
            parse: (data) => ({ items: expectList<Project>(data, 'projects', { id: 'string' }), cursor: paginationCursor(data) }),
          },
          toCallOptions(options, context),
        );
      },
      (project) => project.id,
    );
  }
}

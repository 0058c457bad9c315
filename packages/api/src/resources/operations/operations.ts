// Operations of a project: the list, one operation, and waiting (platform-api.md §4.3).
import type { Transport } from '../../internal/transport.js';
import { rejectUnknownKeys, requireNonEmptyString, requireOptionsObject } from '../../internal/validate.js';
import type { PagePromise } from '../../pagination.js';
import type { Operation } from '../../types.js';
import { type WaitOptions, type WaitResult, waitForOperations } from '../../waiter/wait.js';
import { checkId, checkLimit, MAX_PAGE_LIMIT, type RequestOptions, toCallOptions } from '../request-options.js';
import { fetchOperation, listOperations } from './requests.js';

/** What `operations.list` takes. */
export interface OperationsListParams {
  /** Page size, 1..1000; default 1000, the fewest requests (one page is held in memory at a time). */
  limit?: number;
  /** Start at this `pagination.cursor` (of a page read before) instead of the newest operation. */
  cursor?: string;
}

/** `/projects/{project_id}/operations`: a project's operations. */
export class Operations {
  readonly #transport: Transport;

  /** @internal The client makes it. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * The project's operations, newest first: await it for the first page, or `for await` over it
   * for every operation, fetched page by page as you iterate. Argument mistakes reject.
   */
  list(projectId: string, params?: OperationsListParams, options?: RequestOptions): PagePromise<Operation> {
    const context = 'operations.list';
    return listOperations(this.#transport, () => {
      const id = checkId(projectId, 'projectId', context);
      const given = requireOptionsObject(params, context);
      rejectUnknownKeys(given, ['limit', 'cursor'], context);
      const cursor = given.cursor === undefined ? undefined : requireNonEmptyString(given.cursor, 'cursor', context);
      const limit = checkLimit(given.limit, context) ?? MAX_PAGE_LIMIT;
      return { projectId: id, limit, cursor, call: toCallOptions(options, context) };
    });
  }

  /** One operation, by id. */
  async get(projectId: string, operationId: string, options?: RequestOptions): Promise<Operation> {
    const context = 'operations.get';
    const project = checkId(projectId, 'projectId', context);
    const operation = checkId(operationId, 'operationId', context);
    return fetchOperation(this.#transport, project, operation, toCallOptions(options, context));
  }

  /**
   * Waits until every awaited operation is final, or the timeout (then `timed-out`, with the last
   * known states; the timeout also aborts requests in flight). A transient failure is passed to
   * `onPoll` and the wait goes on; other API errors throw. See WaitOptions for the polling rules.
   *
   * `ids: 'pending'` (the default): every operation of the project not final at call time, found
   * by reading the list newest first in pages of 1000 until two pages in a row hold no pending
   * operation (or the list ends). An operation pending below that is not awaited: pass its id.
   */
  async wait(projectId: string, options?: WaitOptions): Promise<WaitResult> {
    return waitForOperations(this.#transport, projectId, options);
  }
}

// Operations of a project: one page, every page, one operation, and waiting (platform-api.md §4.3).
import type { Transport } from '../internal/transport.js';
import { rejectUnknownKeys, requireNonEmptyString, requireOptionsObject } from '../internal/validate.js';
import { type WaitOptions, type WaitResult, waitForOperations } from '../operations/wait.js';
import type { CursorPaginator } from '../pagination.js';
import type { Operation, OperationsPage } from '../types.js';
import { fetchOperation, fetchOperationsPage, iterateOperations, type OperationsListParams } from './operation-requests.js';
import { checkId, checkLimit, MAX_PAGE_LIMIT, type RequestOptions, toCallOptions } from './request-options.js';

export type { OperationsListParams };

export interface OperationsIterateParams {
  /** Page size, 1..1000; default 1000, the fewest requests (one page is held in memory at a time). */
  limit?: number;
}

export class Operations {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** One page of the project's operations, newest first, with the cursor of the next page. */
  async list(projectId: string, params?: OperationsListParams, options?: RequestOptions): Promise<OperationsPage> {
    const context = 'operations.list';
    const id = checkId(projectId, 'projectId', context);
    const given = requireOptionsObject(params, context);
    rejectUnknownKeys(given, ['limit', 'cursor'], context);
    const cursor = given.cursor === undefined ? undefined : requireNonEmptyString(given.cursor, 'cursor', context);
    const limit = checkLimit(given.limit, context);
    return fetchOperationsPage(this.#transport, id, { limit, cursor }, toCallOptions(options, context));
  }

  /** Every operation of the project, newest first, fetched page by page as you iterate. */
  iterate(projectId: string, params?: OperationsIterateParams, options?: RequestOptions): CursorPaginator<Operation> {
    const context = 'operations.iterate';
    const id = checkId(projectId, 'projectId', context);
    const given = requireOptionsObject(params, context);
    rejectUnknownKeys(given, ['limit'], context);
    const limit = checkLimit(given.limit, context) ?? MAX_PAGE_LIMIT;
    const call = toCallOptions(options, context);
    return iterateOperations(this.#transport, id, limit, call);
  }

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
   * `ids` omitted: every operation of the project not final at call time, found by reading the
   * list newest first in pages of 1000 until two pages in a row hold no pending operation (or the
   * list ends). An operation pending below that is not awaited: pass its id.
   */
  async wait(projectId: string, ids?: readonly string[], options?: WaitOptions): Promise<WaitResult> {
    return waitForOperations(this.#transport, projectId, ids, options);
  }
}

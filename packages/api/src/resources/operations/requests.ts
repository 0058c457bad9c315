// The reads of operations (platform-api.md §4.3), shared by the resource and the waiter.
import { apiPath } from '../../internal/origin.js';
import { expectFields, expectList, paginationCursor } from '../../internal/shape.js';
import type { CallOptions, Transport } from '../../internal/transport.js';
import { PagePromise } from '../../pagination.js';
import type { Operation, OperationsPage } from '../../types.js';

interface PageParams {
  limit: number | undefined;
  cursor?: string | undefined;
}

const OPERATION_FIELDS = { id: 'string', status: 'string' } as const;

/** GET /projects/{project_id}/operations: one page, newest first. */
export function fetchOperationsPage(
  transport: Transport,
  projectId: string,
  params: PageParams,
  call: CallOptions,
): Promise<OperationsPage> {
  return transport.request(
    {
      method: 'GET',
      path: apiPath`/projects/${projectId}/operations`,
      query: { limit: params.limit, cursor: params.cursor },
      parse: (data) => {
        expectList<Operation>(data, 'operations', OPERATION_FIELDS);
        return data as OperationsPage;
      },
    },
    call,
  );
}

/** GET /projects/{project_id}/operations/{operation_id}. */
export function fetchOperation(transport: Transport, projectId: string, operationId: string, call: CallOptions): Promise<Operation> {
  return transport.request(
    {
      method: 'GET',
      path: apiPath`/projects/${projectId}/operations/${operationId}`,
      parse: (data) => {
        const body = expectFields<{ operation: unknown }>(data, 'the body', {});
        return expectFields<Operation>(body.operation, 'operation', OPERATION_FIELDS);
      },
    },
    call,
  );
}

/** What `listOperations` reads: checked when the list is first awaited or iterated. */
export interface ListArgs {
  projectId: string;
  limit: number | undefined;
  /** Where the list starts (the newest operation without one). */
  cursor: string | undefined;
  call: CallOptions;
}

/**
 * The project's operations newest first, as a PagePromise. `args` runs (and checks the caller's
 * arguments) before each page is read, so a mistake rejects the awaited list or the iteration.
 */
export function listOperations(transport: Transport, args: () => ListArgs): PagePromise<Operation> {
  return new PagePromise<Operation>(
    async (cursor) => {
      const { projectId, limit, cursor: start, call } = args();
      const page = await fetchOperationsPage(transport, projectId, { limit, cursor: cursor ?? start }, call);
      return { items: page.operations, cursor: paginationCursor(page) };
    },
    (op) => op.id,
  );
}

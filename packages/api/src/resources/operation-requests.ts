// The two reads of operations (platform-api.md §4.3), shared by the resource and the waiter.
import { apiPath } from '../internal/origin.js';
import { expectFields, expectList, paginationCursor } from '../internal/shape.js';
import type { CallOptions, Transport } from '../internal/transport.js';
import { CursorPaginator } from '../pagination.js';
import type { Operation, OperationsPage } from '../types.js';

export interface OperationsListParams {
  /** 1..1000; the server's default page size when omitted. */
  limit?: number;
  /** `pagination.cursor` of the previous page, passed back as-is. */
  cursor?: string;
}

const OPERATION_FIELDS = { id: 'string', status: 'string' } as const;

/** GET /projects/{project_id}/operations: one page, newest first. */
export function fetchOperationsPage(
  transport: Transport,
  projectId: string,
  params: OperationsListParams,
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
export function fetchOperation(
  transport: Transport,
  projectId: string,
  operationId: string,
  call: CallOptions,
): Promise<Operation> {
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

/** Every operation, newest first, page by page. */
export function iterateOperations(
  transport: Transport,
  projectId: string,
  limit: number | undefined,
  call: CallOptions,
): CursorPaginator<Operation> {
  return new CursorPaginator<Operation>(async (cursor) => {
    const page = await fetchOperationsPage(transport, projectId, { limit, cursor }, call);
    return { items: page.operations, cursor: paginationCursor(page) };
  }, (op) => op.id);
}

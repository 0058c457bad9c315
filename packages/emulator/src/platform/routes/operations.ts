// Operations, spec 4.3: the list (newest first, `limit` and `cursor`) and a single operation.
// README (Behaviour: Pagination): `limit` is 1..1000; the page after the last one is empty and still carries a cursor.

import { HttpError, type Route } from '../../core/http-server.js';
import { type ResponseShape, shaped } from '../../core/response-shape.js';
import { requireReachableProject } from '../access.js';
import type { PlatformAccount } from '../account.js';
import { platformRoute, type RouteGuards } from '../platform-route.js';
import { isoFromMicros, microsFromIso } from '../timestamps.js';
import { operationOnWire } from '../wire.js';

export const MAX_PAGE_LIMIT = 1000;

export function operationRoutes(account: PlatformAccount, guards: RouteGuards, defaultPageLimit: number, shape: ResponseShape): Route[] {
  return [
    platformRoute(guards, 'GET', '/projects/:project_id/operations', ({ req, caller }) => {
      const projectId = req.params.project_id!;
      requireReachableProject(account, caller, projectId);
      const limit = parseLimit(req.query.get('limit'), defaultPageLimit, MAX_PAGE_LIMIT);
      const cursorText = req.query.get('cursor') || undefined;
      const page = account.operations.page(projectId, limit, parseCursor(cursorText));
      // An empty page answers the very cursor it was asked with, so a client sees it did not move.
      const cursor = page.operations.length === 0 && cursorText ? cursorText : isoFromMicros(page.cursorMicros);
      const operations = page.operations.map((o) => operationOnWire(shape, o));
      // Optional in the description: the sparse shape sends it only while there may be a next page.
      const pagination = shape === 'sparse' && operations.length === 0 ? {} : { pagination: shaped(shape, { cursor }, { optional: [] }) };
      return { status: 200, body: { operations, ...pagination } };
    }),

    platformRoute(guards, 'GET', '/projects/:project_id/operations/:operation_id', ({ req, caller }) => {
      requireReachableProject(account, caller, req.params.project_id!);
      return {
        status: 200,
        body: { operation: operationOnWire(shape, account.getOperation(req.params.project_id!, req.params.operation_id!)) },
      };
    }),
  ];
}

/** A `limit` query parameter from 1 to `max`, or `fallback` when absent; else 400. */
export function parseLimit(text: string | null, fallback: number, max: number): number {
  if (text === null) return fallback;
  const limit = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit >= 1 && limit <= max)) throw new HttpError(400, `limit must be an integer from 1 to ${max}`);
  return limit;
}

function parseCursor(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const micros = microsFromIso(text);
  if (micros === undefined) throw new HttpError(400, 'cursor is not a value returned in pagination.cursor');
  return micros;
}

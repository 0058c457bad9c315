// One polling round at O(1) requests however many operations are awaited: read the newest page(s)
// of the project's list, then GET only the awaited ids not found there. New operations are added
// at the head of the list, so an operation only ever moves down: one that is missing from the
// window once ("deep") is fetched by id from then on, without reading pages for it.
import { NotFoundError } from '../errors.js';
import { apiPath } from '../internal/origin.js';
import { paginationCursor } from '../internal/shape.js';
import type { CallOptions, Transport } from '../internal/transport.js';
import { MAX_PAGE_LIMIT } from '../resources/request-options.js';
import { fetchOperation, fetchOperationsPage } from '../resources/operations/requests.js';
import type { Operation } from '../types.js';
import { isFinalStatus } from './status.js';

/** Pages read per round at most; the first sized to the window, the next at the maximum. */
export const MAX_PAGES_PER_ROUND = 2;
/** Room for operations created between two rounds, above the deepest awaited one. */
const HEADROOM = 10;
/**
 * Before the first round nobody knows where the awaited operations sit: newer ones (a compute
 * starting, an availability check) may list above them. A window this wide usually holds them
 * all, so the first round costs one request instead of two (bench/RESULTS.md, figure 1).
 */
const FIRST_WINDOW = 100;

/** Size of the first page: enough to reach the deepest pending operation, with headroom. */
export function firstPageLimit(deepestPosition: number | undefined, pendingInWindow: number): number {
  const needed =
    deepestPosition === undefined ? Math.max(FIRST_WINDOW, Math.ceil(pendingInWindow * 1.25)) : Math.ceil((deepestPosition + 1) * 1.25);
  return Math.min(MAX_PAGE_LIMIT, Math.max(needed, 1) + HEADROOM);
}

/** What the waiter knows between rounds. */
export class PollState {
  /** Latest state of each awaited operation, by id. */
  readonly latest = new Map<string, Operation>();
  /** Awaited ids not found in the list window: fetched by id. */
  readonly deep = new Set<string>();
  /** List position (0 = newest) of the deepest pending operation seen in the window last round. */
  deepestPosition: number | undefined;

  constructor(readonly awaited: readonly string[]) {}

  pendingIds(): string[] {
    return this.awaited.filter((id) => {
      const op = this.latest.get(id);
      return op === undefined || !isFinalStatus(op.status);
    });
  }
}

export interface RoundContext {
  transport: Transport;
  projectId: string;
  call: CallOptions;
}

export async function pollRound(state: PollState, context: RoundContext): Promise<void> {
  const pending = state.pendingIds();
  const wanted = new Set(pending.filter((id) => !state.deep.has(id)));
  if (wanted.size > 0) await readWindow(state, context, wanted);
  // What the window did not hold is fetched by id, and stays "deep".
  for (const id of pending) {
    if (wanted.has(id) || state.deep.has(id)) {
      state.deep.add(id);
      state.latest.set(id, await fetchAwaited(context, id));
    }
  }
}

/** Reads the newest pages; removes from `wanted` each awaited operation found there. */
async function readWindow(state: PollState, context: RoundContext, wanted: Set<string>): Promise<void> {
  const { transport, projectId, call } = context;
  let limit = firstPageLimit(state.deepestPosition, wanted.size);
  let cursor: string | undefined;
  let position = 0;
  let deepest: number | undefined;
  for (let pages = 0; pages < MAX_PAGES_PER_ROUND && wanted.size > 0; pages++) {
    const page = await fetchOperationsPage(transport, projectId, { limit, cursor }, call);
    for (const op of page.operations) {
      if (wanted.delete(op.id)) {
        state.latest.set(op.id, op);
        if (!isFinalStatus(op.status)) deepest = position;
      }
      position++;
    }
    const next = paginationCursor(page);
    const last = page.operations.at(-1);
    const listEnded = page.operations.length < limit || next === undefined || next === cursor || last === undefined;
    if (listEnded || !couldBeFurther(state, wanted, last)) break;
    cursor = next;
    limit = MAX_PAGE_LIMIT;
  }
  state.deepestPosition = deepest;
}

/** True if a wanted operation may sit below `last`: its creation time is unknown or not newer. */
function couldBeFurther(state: PollState, wanted: Set<string>, last: Operation): boolean {
  const lastCreated = Date.parse(last.created_at);
  for (const id of wanted) {
    const created = Date.parse(state.latest.get(id)?.created_at ?? '');
    if (!Number.isFinite(created) || !Number.isFinite(lastCreated) || created <= lastCreated) return true;
  }
  return false;
}

async function fetchAwaited(context: RoundContext, id: string): Promise<Operation> {
  try {
    return await fetchOperation(context.transport, context.projectId, id, context.call);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    const path = apiPath`/projects/${context.projectId}/operations/${id}`;
    throw new NotFoundError(
      `operations.wait: operation ${id} does not exist in project ${context.projectId} (GET ${path} answered 404). ` +
        'Check the operation ids and the project id: pass the ids from the response that started the operations.',
      { method: 'GET', path, status: 404, code: error.code, requestId: error.requestId },
    );
  }
}

// `ids` omitted: the operations of the project that are not final, found by reading its list
// newest first. Pending operations sit near the head (new ones are added there, and old ones are
// final), so the scan stops after QUIET_PAGES_TO_STOP pages in a row with no pending operation
// instead of reading the whole history: its cost is bounded however long the project has lived.
import { listOperations } from '../resources/operations/requests.js';
import { MAX_PAGE_LIMIT } from '../resources/request-options.js';
import type { Operation } from '../types.js';
import { PollState, type RoundContext } from './poll-round.js';
import { isFinalStatus } from './status.js';

/** Consecutive pages of SCAN_PAGE_LIMIT operations, none of them pending, that end the scan. */
export const QUIET_PAGES_TO_STOP = 2;
export const SCAN_PAGE_LIMIT = MAX_PAGE_LIMIT;

export class PendingScan {
  /** Every operation found pending by any scan so far, with its latest state, newest first. */
  readonly #found = new Map<string, Operation>();
  #deepestPosition: number | undefined;
  /** One scan from the head of the list. A scan cut short by an error keeps what it found. */
  async run(context: RoundContext): Promise<void> {
    const { transport, projectId, call } = context;
    let position = 0;
    let quietPages = 0;
    let deepest: number | undefined;
    const list = listOperations(transport, () => ({ projectId, limit: SCAN_PAGE_LIMIT, cursor: undefined, call }));
    for await (const page of list.pages()) {
      let pendingHere = false;
      for (const op of page.data) {
        const pending = !isFinalStatus(op.status);
        // One found pending by an earlier, interrupted scan stays awaited, with its new state.
        if (pending || this.#found.has(op.id)) this.#found.set(op.id, op);
        if (pending) {
          pendingHere = true;
          deepest = position;
        }
        position++;
      }
      quietPages = pendingHere ? 0 : quietPages + 1;
      if (quietPages >= QUIET_PAGES_TO_STOP) break;
    }
    this.#deepestPosition = deepest;
  }

  /** The awaited operations: what the scan found (so far, if no scan completed). */
  toPollState(): PollState {
    const state = new PollState([...this.#found.keys()]);
    for (const op of this.#found.values()) state.latest.set(op.id, op);
    state.deepestPosition = this.#deepestPosition;
    return state;
  }
}

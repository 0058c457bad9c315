// One source's walk, resumable: list its places (an organization's repositories, a group's projects),
// then each place's secrets in turn, saving the checkpoint after each. A listing the token may not
// read (403, 404) is a gap, reported; anything else (no answer, a 5xx after retries, a rate limit
// the client gave up waiting for) stops the walk, and the checkpoint says where it stopped.

import type { WalkState } from './checkpoint.js';
import type { SecretCopy, UnreadableListing } from './secret-copy.js';

/** What one place holds: its matching copies, and the listings of it that could not be read. */
export interface PlaceListing {
  copies: SecretCopy[];
  unreadable: UnreadableListing[];
}

/** A source as the walk sees it; `requests` counts every page asked for. */
export interface Walker {
  /** Every place to list, the organization or group itself first. */
  places(): Promise<string[]>;
  list(place: string): Promise<PlaceListing>;
  requests(): number;
}

/** The walk of one source after a place is listed. */
export interface WalkProgress {
  source: string;
  /** Places listed, of `total`. */
  done: number;
  total: number;
  place: string;
}

export interface WalkHooks {
  /** After each place: the state to save (the whole checkpoint is the caller's). */
  saved(): Promise<void> | void;
  progress?(progress: WalkProgress): void;
}

export async function walk(state: WalkState, walker: Walker, hooks: WalkHooks): Promise<void> {
  const counted = state.requests;
  const tally = () => {
    state.requests = counted + walker.requests();
  };
  try {
    if (!state.places) {
      state.places = await walker.places();
      state.done = 0;
      tally();
      await hooks.saved();
    }
    const places = state.places;
    while (state.done < places.length) {
      const place = places[state.done]!;
      const found = await walker.list(place);
      state.copies.push(...found.copies);
      state.unreadable.push(...found.unreadable);
      state.done += 1;
      tally();
      await hooks.saved();
      hooks.progress?.({ source: state.source, done: state.done, total: places.length, place });
    }
  } finally {
    tally();
  }
}

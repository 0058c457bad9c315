// Where a cut inventory stopped, so the next run goes on from there: for each source (a GitHub
// organization, a GitLab group) the places to list, how many are listed, and what they held. Written
// after every place; it holds names and times, never a value, so it may be kept on disk.

import type { SecretCopy, UnreadableListing } from './secret-copy.js';

/** One source's walk: its places (the organization or group first), once listed, and how far it got. */
export interface WalkState {
  /** `github:ORG` or `gitlab:GROUP`. */
  source: string;
  /** The places to list, in order: undefined until the organization's repositories (the group's projects) are listed. */
  places?: string[];
  /** How many of `places` are listed. */
  done: number;
  copies: SecretCopy[];
  unreadable: UnreadableListing[];
  /** Requests made so far, resumed runs included. */
  requests: number;
}

/** Where a cut inventory stopped (JSON): what inventoryCopies resumes from. */
export interface InventoryCheckpoint {
  keyturnInventory: 1;
  /** The name patterns the walk looks for: a checkpoint resumes only the same search. */
  match: string[];
  walks: WalkState[];
}

export function newCheckpoint(match: readonly string[], sources: readonly string[]): InventoryCheckpoint {
  return {
    keyturnInventory: 1,
    match: [...match],
    walks: sources.map((source) => ({ source, done: 0, copies: [], unreadable: [], requests: 0 })),
  };
}

/**
 * The checkpoint in `text`, or why it cannot resume this search (`match`, `sources`): another
 * search's, or not a checkpoint at all. Read before any request.
 */
export function readCheckpoint(
  text: string,
  match: readonly string[],
  sources: readonly string[],
): InventoryCheckpoint | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: 'is not JSON: it is not a checkpoint keyturn wrote; remove it (or name another file) to start over' };
  }
  const cp = data as Partial<InventoryCheckpoint>;
  if (cp?.keyturnInventory !== 1 || !Array.isArray(cp.match) || !Array.isArray(cp.walks) || !cp.walks.every(isWalk)) {
    return { problem: 'is not a checkpoint of this version of keyturn audit: remove it (or name another file) to start over' };
  }
  const problem = checkpointMismatch(cp as InventoryCheckpoint, match, sources);
  if (problem) return { problem };
  return cp as InventoryCheckpoint;
}

/** Why `cp` cannot resume the search of `match` in `sources`, or undefined when it can. */
export function checkpointMismatch(cp: InventoryCheckpoint, match: readonly string[], sources: readonly string[]): string | undefined {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  const given = cp.walks.map((w) => w.source);
  if (same(cp.match, match) && same(given, sources)) return undefined;
  return (
    `is the checkpoint of another search (${given.join(', ')} for ${cp.match.join(', ')}), not of ${sources.join(', ')} ` +
    `for ${match.join(', ')}: give the same flags as the cut run, or remove the file to start over`
  );
}

function isWalk(w: unknown): w is WalkState {
  const walk = w as Partial<WalkState>;
  return (
    typeof walk?.source === 'string' &&
    Number.isInteger(walk.done) &&
    Array.isArray(walk.copies) &&
    Array.isArray(walk.unreadable) &&
    typeof walk.requests === 'number' &&
    (walk.places === undefined ||
      (Array.isArray(walk.places) && walk.places.every((p) => typeof p === 'string') && walk.done! <= walk.places.length))
  );
}

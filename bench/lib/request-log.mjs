// Reading what a client spent from the emulator's own request log (emulator.log.entries()), so
// every client is counted the same way, from the server's side, without wrapping its fetch.

/** Entries of the log whose path starts with `prefix` (a project, a repository...). */
export function entriesUnder(log, prefix) {
  return log.entries().filter((e) => e.path === prefix || e.path.startsWith(`${prefix}/`));
}

/**
 * Splits requests into polling rounds: a round is a burst of requests, and rounds are separated
 * by the client's sleep. Any gap longer than `gapMs` starts a new round.
 */
export function pollingRounds(entries, gapMs) {
  const rounds = [];
  let current = [];
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const entry of entries) {
    const start = Date.parse(entry.time);
    if (current.length > 0 && start - lastEnd > gapMs) {
      rounds.push(current);
      current = [];
    }
    current.push(entry);
    lastEnd = Math.max(lastEnd, start + entry.durationMs);
  }
  if (current.length > 0) rounds.push(current);
  return rounds;
}

/** First request's start to last request's end, as the server saw them. */
export function requestSpanMs(entries) {
  if (entries.length === 0) return 0;
  const starts = entries.map((e) => Date.parse(e.time));
  const ends = entries.map((e) => Date.parse(e.time) + e.durationMs);
  return Math.max(...ends) - Math.min(...starts);
}

const ID_AFTER = { api_keys: ':key_id', projects: ':project_id', operations: ':operation_id', orgs: ':org', environments: ':environment' };

/** `/repos/acme/app/actions/secrets/NEON_API_KEY` → `/repos/:owner/:repo/actions/secrets/:name`, for tables. */
export function pathShape(path) {
  const segments = path.split('/');
  const out = [];
  for (let i = 0; i < segments.length; i++) {
    const previous = segments[i - 1];
    if (previous === 'repos' && out.at(-1) === 'repos') {
      out.push(':owner', ':repo');
      i++;
    } else if (previous && previous in ID_AFTER && segments[i] !== '') out.push(ID_AFTER[previous]);
    else if (previous === 'secrets' && segments[i] !== 'public-key') out.push(':name');
    else out.push(segments[i]);
  }
  return out.join('/');
}

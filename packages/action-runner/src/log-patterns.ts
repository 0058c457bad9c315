// Patterns for what the Actions log. A measured duration is printed as formatDuration prints it
// (850 ms, 4.2 s, 3 min 5 s): a busy machine makes a 30 ms request take seconds, so a test that
// reads the log must accept every form, never only "N ms".

/** Regular-expression source for one duration as formatDuration writes it. */
export const DURATION = String.raw`(?:\d+ ms|\d+\.\d s|\d+ min(?: \d+ s)?)`;

/** A multiline pattern from a template whose `${DURATION}`s stand for durations (escape the rest yourself). */
export function logPattern(source: string): RegExp {
  return new RegExp(source, 'm');
}

// The platform client's messages name its own options ("Gave up after 3 attempts
// (retries.maxRetries = 2)"), for a program that sets them. A CLI user has none of them (keyturn
// sets the client's retries), so the CLI says what happened without them.

const REWORDED: ReadonlyArray<[RegExp, string]> = [
  [/ \(retries\.maxRetries = \d+\)/g, ''],
  [/retries\.maxRetryAfterMs \((\d+) ms\)/g, 'the longest keyturn waits between attempts ($1 ms)'],
  [/retries\.deadlineMs \((\d+) ms\)/g, 'the time keyturn gives a request and its retries ($1 ms)'],
];

/** `text` without the client's option names. */
export function inCliTerms(text: string): string {
  return REWORDED.reduce((out, [pattern, words]) => out.replace(pattern, words), text);
}

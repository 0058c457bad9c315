// The platform client's messages name its own options ("Gave up after 3 attempts
// (retries.maxRetries = 2)", "Check baseUrl"), for a program that sets them. A CLI user sets
// --api-url, and has no retries or timeout to set (keyturn sets the client's), so the CLI says what
// happened in its own words.

const REWORDED: ReadonlyArray<[RegExp, string]> = [
  [/ \(retries\.maxRetries = \d+\)/g, ''],
  [/retries\.maxRetryAfterMs \((\d+) ms\)/g, 'the longest keyturn waits between attempts ($1 ms)'],
  [/retries\.deadlineMs \((\d+) ms\)/g, 'the time keyturn gives a request and its retries ($1 ms)'],
  [/Raise timeoutMs if the platform is slow, or check the network\./g, 'Check the network, and that the platform answers at --api-url.'],
  // The platform client's advice names its base URL option; the CLI's is --api-url.
  [/\b([Cc]heck(?: the network and)?) baseUrl\b/g, '$1 --api-url'],
];

/** `text` without the client's option names. */
export function inCliTerms(text: string): string {
  return REWORDED.reduce((out, [pattern, words]) => out.replace(pattern, words), text);
}

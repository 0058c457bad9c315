// The one shape of an HTTP exchange as keyturn reports it: the platform client's `onRequest`, the
// rotation's GitHub client and the Actions' request log all speak it.

/** One attempt of a request and how it ended. Never holds a key, a token or a secret value. */
export interface RequestEvent {
  /** HTTP method, upper case. */
  method: string;
  /** URL path relative to the client's base URL (the platform's API root, or GitHub's), without the query. */
  path: string;
  /** HTTP status, when an answer came; absent when none did (`error` then says why). */
  status?: number;
  /** 1 for the first attempt; a client that cannot tell retries apart reports each exchange as 1. */
  attempt: number;
  /** From sending the request to the end of the answer (or the failure). */
  durationMs: number;
  /** `ok`: answered and done; `retry`: failed, another attempt follows after `retryInMs`; `error`: failed, no retry. */
  outcome: 'ok' | 'retry' | 'error';
  /** For `retry` and `error`: what went wrong (redacted), e.g. the error's message or a network code. */
  error?: string;
  /** For `retry`: the wait before the next attempt. */
  retryInMs?: number;
}

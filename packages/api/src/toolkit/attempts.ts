// One request's attempts, the loop every keyturn client runs: send, judge what came back, wait, send
// again. Each client says what an answer or a failure means to it (done, retry after a wait, or give
// up); the loop keeps the order, so the clients differ only in their rules.

/** What an attempt's answer or failure means: the result, a wait before the next attempt, or the error to give up with. */
export type AttemptVerdict<T> = { done: T } | { retryInMs: number } | { fail: unknown };

/** A client's rules for one request's attempts (`runAttempts`). */
export interface AttemptRules<A, T> {
  /** Sends attempt `attempt` (1 first). A synchronous throw means nothing was sent: the attempts end with it. */
  send(attempt: number): Promise<A>;
  /** What an answer means; what it throws is judged as a failure. */
  answered(answer: A, attempt: number): AttemptVerdict<T>;
  /** What a failure means: the send's rejection, or what `answered` threw. */
  failed(error: unknown, attempt: number): AttemptVerdict<T>;
  /** Waits before the next attempt. */
  wait(ms: number): Promise<void>;
}

/** Sends until an answer is done or the rules give up. */
export async function runAttempts<A, T>(rules: AttemptRules<A, T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const sent = rules.send(attempt);
    let verdict: AttemptVerdict<T>;
    try {
      verdict = rules.answered(await sent, attempt);
    } catch (error) {
      verdict = rules.failed(error, attempt);
    }
    if ('done' in verdict) return verdict.done;
    if ('fail' in verdict) throw verdict.fail;
    await rules.wait(verdict.retryInMs);
  }
}

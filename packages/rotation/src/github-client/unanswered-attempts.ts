// A request Octokit retried is judged by its last answer, but an earlier attempt that got no answer
// or a 5xx may have taken effect: a PUT whose reply was lost, retried and answered 404, may have
// landed. This marks such a failure, so the rotation treats the write as possibly landed.

import type { Octokit } from '@octokit/rest';
import { noteUnanswered } from '../unanswered-fetch.js';

/** True when an attempt before the one that failed got no answer or a 5xx (set by `markUnansweredAttempts`). */
export function retriedUnanswered(error: unknown): boolean {
  return (error as { retriedUnanswered?: unknown } | undefined)?.retriedUnanswered === true;
}

/**
 * Wraps every request of `octokit` (outside the retry and rate-limit waits, so it sees each
 * attempt): its attempts go through a fetch of its own, which notes a missing answer or a 5xx.
 */
export function markUnansweredAttempts(octokit: Pick<Octokit, 'hook'>): void {
  octokit.hook.wrap('request', async (request, options) => {
    let unanswered = false;
    const noting = noteUnanswered(options.request?.fetch, () => {
      unanswered = true;
    });
    // Replaced on this request's options, not passed on: each hook is bound to the options the
    // request began with. Octokit's defaults share one `request` object, so it is copied first.
    options.request = { ...options.request, fetch: noting };
    try {
      return await request(options);
    } catch (error) {
      if (unanswered && error !== null && typeof error === 'object') Object.assign(error, { retriedUnanswered: true });
      throw error;
    }
  });
}

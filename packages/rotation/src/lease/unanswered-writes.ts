// Whether a write of the run to GitHub or GitLab got no answer (or a 5xx, which a gateway answers
// while the service may still be at work): such a write may land later, after the run ended. The
// lease then stays until it can no longer land (held-lease.ts), so it cannot land under the writes
// of the next run, which would leave a target holding a key that run revokes.

import { noteUnanswered } from '../unanswered-fetch.js';

export interface UnansweredWrites {
  /** True once a write got no answer or a 5xx. */
  readonly seen: boolean;
  /** How many writes got no answer or a 5xx so far (a write retried after one may still land later). */
  readonly count: number;
  /** `inner` (default: the global fetch) watched. */
  wrap(inner: typeof fetch | undefined): typeof fetch;
}

export function watchUnansweredWrites(): UnansweredWrites {
  let count = 0;
  return {
    get seen() {
      return count > 0;
    },
    get count() {
      return count;
    },
    wrap: (inner) => {
      const noting = noteUnanswered(inner, () => {
        count += 1;
      });
      return (input, init) => {
        const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        return method === 'GET' || method === 'HEAD' ? (inner ?? fetch)(input, init) : noting(input, init);
      };
    },
  };
}

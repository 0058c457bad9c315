// Vercel's rate limits: a 429 `rate_limited` whose body and X-RateLimit-Limit, -Remaining and -Reset
// (a Unix time in seconds) headers say when the limit resets (https://vercel.com/docs/rest-api/errors,
// https://vercel.com/docs/limits#rate-limits).

import type { FaultSpec } from '../core/faults.js';

export interface VercelRateLimitFaultOptions {
  /** Seconds until the limit resets. */
  resetIn: number;
  method?: string;
  path?: string;
  times?: number | 'always';
}

/** A fault that answers Vercel's 429, resetting `resetIn` seconds after it answers (the body's time: from when it was armed, `now`). */
export function vercelRateLimitFault(options: VercelRateLimitFaultOptions, now: () => number): FaultSpec {
  const { resetIn, ...match } = options;
  const reset = Math.ceil(now() / 1000) + resetIn;
  const limit = { remaining: 0, reset, resetMs: reset * 1000, total: 100 };
  const body = { error: { code: 'rate_limited', message: `Rate limit exceeded. Try again in ${resetIn} seconds`, limit } };
  const headers = { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0' };
  return { kind: 'status', status: 429, body, headers, resetsIn: resetIn, ...match };
}

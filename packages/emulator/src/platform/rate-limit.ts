// The platform's rate limits (about 700 requests a minute overall and 40 a second per route, as
// packages/api/src/errors.ts tells a rate-limited caller), as sliding windows. A refused request does not count against the window.

import { InvalidInputError } from './errors.js';

export interface RateLimitOptions {
  /** Requests per second allowed on one route (method + path pattern). */
  perSecond?: number;
  /** Requests per minute allowed over all routes. */
  perMinute?: number;
}

interface Window {
  limit: number;
  spanMs: number;
  times: number[];
}

export class RateLimiter {
  #perRoute = new Map<string, Window>();
  #overall: Window | undefined;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: () => number,
  ) {
    checkLimit(options.perSecond, 'rateLimit.perSecond');
    checkLimit(options.perMinute, 'rateLimit.perMinute');
    if (options.perMinute !== undefined) this.#overall = { limit: options.perMinute, spanMs: 60_000, times: [] };
  }

  /** Counts a request to `route`; when a limit is reached, says in how many seconds to retry instead. */
  admit(route: string): { retryAfterSeconds: number } | undefined {
    const now = this.clock();
    const windows = [this.#routeWindow(route), this.#overall].filter((w): w is Window => w !== undefined);
    let waitMs = 0;
    for (const window of windows) {
      while (window.times.length > 0 && window.times[0]! <= now - window.spanMs) window.times.shift();
      if (window.times.length >= window.limit) {
        waitMs = Math.max(waitMs, window.times[window.times.length - window.limit]! + window.spanMs - now);
      }
    }
    if (waitMs > 0) return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    for (const window of windows) window.times.push(now);
    return undefined;
  }

  #routeWindow(route: string): Window | undefined {
    if (this.options.perSecond === undefined) return undefined;
    let window = this.#perRoute.get(route);
    if (!window) {
      window = { limit: this.options.perSecond, spanMs: 1000, times: [] };
      this.#perRoute.set(route, window);
    }
    return window;
  }
}

function checkLimit(value: number | undefined, name: string): void {
  if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
    throw new InvalidInputError(`${name} must be a positive integer`);
  }
}

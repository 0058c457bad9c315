// When to try a request again, and how long to wait first. Full-jitter exponential backoff
// (https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/), `Retry-After`
// honoured, each wait capped, and an overall deadline so a request never retries for ever.
import { type ApiError, OptionError } from '../errors.js';
import type { RetryOptions } from '../options.js';
import { isPlainObject, rejectUnknownKeys, requireNumber } from './validate.js';

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  deadlineMs: 60_000,
  maxRetryAfterMs: 60_000,
});

const RETRY_KEYS = Object.keys(DEFAULT_RETRY_POLICY);

export function resolveRetryPolicy(retries: unknown, context: string): RetryPolicy {
  if (retries === undefined) return { ...DEFAULT_RETRY_POLICY };
  if (typeof retries === 'number') {
    const maxRetries = requireNumber(retries, 'retries', context, { integer: true, max: 100 });
    return { ...DEFAULT_RETRY_POLICY, maxRetries };
  }
  if (!isPlainObject(retries)) throw new OptionError('retries', `${context}: retries must be a number or an object of RetryOptions`);
  rejectUnknownKeys(retries, RETRY_KEYS, context, 'retries');
  const policy = { ...DEFAULT_RETRY_POLICY };
  for (const key of RETRY_KEYS as Array<keyof RetryPolicy>) {
    if (retries[key] === undefined) continue;
    const rule = key === 'maxRetries' ? { integer: true, max: 100 } : { unit: 'milliseconds' };
    policy[key] = requireNumber(retries[key], `retries.${key}`, context, rule);
  }
  return policy;
}

/**
 * The retry rule (README, "Retries"), read from what the error says of itself: a transient failure is
 * retried when the request did not take effect (423, 429, 503), or when repeating it is harmless
 * (GET, HEAD, PUT, DELETE: 408, 5xx, connection errors and per-attempt timeouts too).
 */
export function isRetryableFailure(error: ApiError): boolean {
  const { method } = error;
  const idempotent = method === 'GET' || method === 'HEAD' || method === 'PUT' || method === 'DELETE';
  return error.transient && (idempotent || !error.mayHaveTakenEffect);
}

/** Full jitter: a uniform wait in [0, min(base * 2^retryIndex, maxDelay)). */
export function backoffDelayMs(retryIndex: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.baseDelayMs * 2 ** retryIndex, policy.maxDelayMs);
  return Math.floor(ceiling * random());
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; why?: string };

export interface RetryInput {
  error: ApiError;
  /** Attempts made so far, the failed one included. */
  attempts: number;
  /** Time since the first attempt started. */
  elapsedMs: number;
  policy: RetryPolicy;
  random: () => number;
}

/** Whether to retry after a failed attempt, and after what wait; or why not (for the message). */
export function decideRetry(input: RetryInput): RetryDecision {
  const { error, attempts, elapsedMs, policy, random } = input;
  if (!isRetryableFailure(error)) return { retry: false };
  if (attempts > policy.maxRetries) {
    const why = policy.maxRetries === 0 ? undefined : `Gave up after ${attempts} attempts (retries.maxRetries = ${policy.maxRetries}).`;
    return { retry: false, why };
  }
  const { retryAfterMs } = error;
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) {
    return {
      retry: false,
      why:
        `The platform asks to retry in ${Math.ceil(retryAfterMs / 1000)} s, longer than retries.maxRetryAfterMs ` +
        `(${policy.maxRetryAfterMs} ms).`,
    };
  }
  const delayMs = retryAfterMs ?? backoffDelayMs(attempts - 1, policy, random);
  if (elapsedMs + delayMs > policy.deadlineMs) {
    return {
      retry: false,
      why: `Gave up after ${attempts} attempts: the next retry would start after retries.deadlineMs (${policy.deadlineMs} ms).`,
    };
  }
  return { retry: true, delayMs };
}

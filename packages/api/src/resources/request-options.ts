// Per-call options every resource method takes last (as openai-node's RequestOptions).
import type { CallOptions } from '../internal/transport.js';
import { rejectUnknownKeys, requireNonEmptyString, requireNumber, requireOptionsObject, requireSignal } from '../internal/validate.js';

/** Per-call options, the last argument of every resource method. */
export interface RequestOptions {
  /** Aborts this call: its attempts and the waits between them (RequestAbortedError). */
  signal?: AbortSignal;
}

export function toCallOptions(options: unknown, context: string): CallOptions {
  const given = requireOptionsObject(options, context);
  rejectUnknownKeys(given, ['signal'], context);
  return { signal: requireSignal(given.signal, 'signal', context) };
}

/** The operations list accepts `limit` 1..1000. */
export const MAX_PAGE_LIMIT = 1000;

export function checkLimit(limit: unknown, context: string, max = MAX_PAGE_LIMIT): number | undefined {
  if (limit === undefined) return undefined;
  return requireNumber(limit, 'limit', context, { integer: true, min: 1, max });
}

export function checkId(value: unknown, name: string, context: string): string {
  return requireNonEmptyString(value, name, context);
}

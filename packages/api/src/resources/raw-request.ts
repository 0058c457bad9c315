// `client.request()`: any endpoint of the API root, for what the typed resources do not cover
// (e.g. a branch's connection URI), with the same key handling, retries, errors and redaction.
import { OptionError } from '../errors.js';
import type { HttpMethod } from '../internal/attempt.js';
import type { QueryValue } from '../internal/origin.js';
import type { Transport } from '../internal/transport.js';
import { isPlainObject, rejectUnknownKeys, requireOptionsObject } from '../internal/validate.js';
import { toCallOptions } from './request-options.js';

/** The methods `client.request()` sends (the transport's own type: internal/attempt.ts). */
export type { HttpMethod };

/** What `client.request()` takes besides the method and path. */
export interface RawRequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Aborts this call: its attempts and the waits between them (RequestAbortedError). */
  signal?: AbortSignal;
}

const METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const CONTEXT = 'request';

/** Sends `method path` and resolves to the parsed JSON answer (undefined for an empty one). */
export function rawRequest<T>(transport: Transport, method: unknown, path: unknown, options: unknown): Promise<T> {
  const given = requireOptionsObject(options, CONTEXT);
  rejectUnknownKeys(given, ['body', 'query', 'signal'], CONTEXT);
  const spec = {
    method: checkMethod(method),
    path: checkPath(path),
    query: checkQuery(given.query),
    body: given.body,
    parse: (data: unknown) => data as T,
  };
  return transport.request(spec, toCallOptions({ signal: given.signal }, CONTEXT));
}

function checkMethod(value: unknown): HttpMethod {
  if (!METHODS.includes(value as HttpMethod)) {
    throw new OptionError('method', `${CONTEXT}: method must be one of ${METHODS.join(', ')}`);
  }
  return value as HttpMethod;
}

/** A path under the API root, as the platform's reference writes it (`/projects/{id}/branches`). */
function checkPath(value: unknown): string {
  const ok = typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !/[?#\s]/.test(value);
  if (!ok) {
    throw new OptionError(
      'path',
      `${CONTEXT}: path must start with / and be relative to the API root, without a query (pass it as query) or spaces, e.g. /projects`,
    );
  }
  return value as string;
}

function checkQuery(value: unknown): Record<string, QueryValue> | undefined {
  if (value === undefined) return undefined;
  const primitive = (v: unknown) => v === undefined || ['string', 'number', 'boolean'].includes(typeof v);
  if (!isPlainObject(value) || !Object.values(value).every(primitive)) {
    throw new OptionError('query', `${CONTEXT}: query must be an object of strings, numbers and booleans`);
  }
  return value as Record<string, QueryValue>;
}

// ClientOptions checked and completed: what the transport runs on. Every mistake is an OptionError
// naming the option, thrown before any request.
import { OptionError } from '../errors.js';
import { type ClientOptions, DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT } from '../options.js';
import { platformKeyProblem } from '../toolkit/credential-shapes.js';
import { type Runtime, systemRuntime } from '../toolkit/runtime.js';
import { DEFAULT_BASE_URL } from '../options.js';
import { type BaseUrl, parseBaseUrl } from './origin.js';
import { resolveRetryPolicy, type RetryPolicy } from './retry.js';
import {
  isPlainObject,
  rejectUnknownKeys,
  requireFunction,
  requireNumber,
  requireOptionsObject,
  requireSignal,
  WHOLE_OPTIONS,
} from './validate.js';

/** ClientOptions checked and defaulted: the base URL parsed, the retries a policy. */
export interface ClientSettings
  extends Required<Pick<ClientOptions, 'apiKey' | 'fetch' | 'timeoutMs' | 'userAgent' | 'runtime'>>,
    Pick<ClientOptions, 'signal' | 'onRequest'> {
  base: BaseUrl;
  retry: RetryPolicy;
}

const OPTION_KEYS: ReadonlyArray<keyof ClientOptions> = [
  'apiKey',
  'baseUrl',
  'fetch',
  'timeoutMs',
  'retries',
  'userAgent',
  'signal',
  'onRequest',
  'runtime',
];

/** Checks `options` as `context` (createClient, withOptions) received them. */
export function resolveClientOptions(options: unknown, context = 'createClient'): ClientSettings {
  if (options === undefined) throw new OptionError(WHOLE_OPTIONS, `${context}: options are required, with at least apiKey`);
  const given = requireOptionsObject(options, context);
  rejectUnknownKeys(given, OPTION_KEYS, context);
  const fetchImpl = requireFunction<typeof fetch>(given.fetch, 'fetch', context) ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') {
    throw new OptionError('fetch', `${context}: no global fetch; pass options.fetch (Node >= 20 has one)`);
  }
  return {
    apiKey: checkApiKey(given.apiKey, context),
    base: parseBaseUrl(given.baseUrl ?? DEFAULT_BASE_URL, context),
    fetch: fetchImpl,
    timeoutMs:
      given.timeoutMs === undefined
        ? DEFAULT_TIMEOUT_MS
        : requireNumber(given.timeoutMs, 'timeoutMs', context, { exclusiveMin: true, unit: 'milliseconds' }),
    retry: resolveRetryPolicy(given.retries, context),
    userAgent: userAgentFor(given.userAgent, context),
    signal: requireSignal(given.signal, 'signal', context),
    onRequest: requireFunction(given.onRequest, 'onRequest', context),
    runtime: checkRuntime(given.runtime, context),
  };
}

/**
 * A key is printable ASCII without spaces: anything else cannot travel in a header, and fetch
 * would echo the whole header value (the key) in its error. A GitHub token is refused too.
 */
export function checkApiKey(value: unknown, context: string): string {
  if (value === undefined || value === null || value === '') {
    throw new OptionError('apiKey', `${context}: apiKey is required: pass the platform API key (for example from the NEON_API_KEY secret)`);
  }
  if (typeof value !== 'string') throw new OptionError('apiKey', `${context}: apiKey must be a string`);
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new OptionError(
      'apiKey',
      `${context}: apiKey must be printable ASCII without spaces or line breaks; check the stored secret for a trailing newline`,
    );
  }
  const problem = platformKeyProblem(value);
  if (problem !== undefined) throw new OptionError('apiKey', `${context}: apiKey ${problem}`);
  return value;
}

function userAgentFor(value: unknown, context: string): string {
  if (value === undefined) return DEFAULT_USER_AGENT;
  if (typeof value !== 'string' || !/^[\x20-\x7e]+$/.test(value) || value.trim() === '') {
    throw new OptionError('userAgent', `${context}: userAgent must be a non-empty single line of printable ASCII`);
  }
  return `${value.trim()} ${DEFAULT_USER_AGENT}`;
}

const RUNTIME_METHODS = ['now', 'random', 'sleep', 'abortAfter'] as const;

function checkRuntime(value: unknown, context: string): Runtime {
  if (value === undefined) return systemRuntime;
  const complete = isPlainObject(value) && RUNTIME_METHODS.every((name) => typeof value[name] === 'function');
  if (!complete) {
    throw new OptionError('runtime', `${context}: runtime must be an object with ${RUNTIME_METHODS.join(', ')} (see systemRuntime)`);
  }
  return value as unknown as Runtime;
}

// One attempt of one request: headers (platform-api.md §4: Bearer key, JSON), a timeout that
// covers headers and body, the caller's abort, redirects refused, and every failure turned
// into the matching ApiError.
import {
  ApiError,
  ConnectionError,
  changesState,
  MAY_HAVE_TAKEN_EFFECT,
  RedirectRefusedError,
  RequestAbortedError,
  ResponseShapeError,
  TimeoutError,
} from '../errors.js';
import { safeExcerpt } from '../toolkit/redact-credentials.js';
import { DeadlinePassed, type LinkedSignal, linkSignals } from '../toolkit/signals.js';
import { DEFAULT_BASE_URL } from '../options.js';
import { buildRequestUrl, type QueryValue, redirectTarget } from './origin.js';
import type { ClientSettings } from './settings.js';

/** The methods a request is sent with (`client.request()` takes the same). */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AttemptSpec {
  method: HttpMethod;
  /** Encoded path relative to the API root (build it with `apiPath`). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface AttemptResult {
  status: number;
  /** Parsed JSON body; undefined when the body was empty. */
  data: unknown;
}

export async function sendAttempt(
  settings: ClientSettings,
  spec: AttemptSpec,
  callSignal: AbortSignal | undefined,
  now: () => number,
): Promise<AttemptResult> {
  const url = buildRequestUrl(settings.base, spec.path, spec.query);
  const at = { method: spec.method, path: spec.path };
  const link = linkSignals([settings.signal, callSignal], settings.timeoutMs);
  try {
    if (link.callerAborted()) throw abortedError(at, link.signal.reason);
    const headers: Record<string, string> = {
      authorization: `Bearer ${settings.apiKey}`,
      accept: 'application/json',
      'user-agent': settings.userAgent,
    };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await settings.fetch(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: link.signal,
        // A redirect would carry the key elsewhere (fetch drops Authorization only cross-origin).
        redirect: 'manual',
      });
    } catch (error) {
      throw unansweredError(error, at, link, settings);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw redirectError(response, url, at);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw unansweredError(error, at, link, settings);
    }
    const data = parseJson(text);
    if (!response.ok) {
      throw ApiError.generate({
        ...at,
        status: response.status,
        body: data === NOT_JSON ? undefined : data,
        headers: response.headers,
        now: now(),
        secrets: [settings.apiKey],
      });
    }
    if (data === NOT_JSON) {
      throw new ResponseShapeError(
        `${at.method} ${at.path} answered HTTP ${response.status} with a body that is not JSON. ` +
          `Check baseUrl: it should be the API root, such as ${DEFAULT_BASE_URL}.`,
        { ...at, status: response.status, requestId: response.headers.get('x-request-id') ?? undefined },
      );
    }
    return { status: response.status, data };
  } finally {
    link.dispose();
  }
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

type At = { method: string; path: string };

/** The caller's abort, or a deadline the caller set (a wait's timeout), which the message names. */
export function abortedError(at: At, reason?: unknown, mayHaveBeenSent = false): RequestAbortedError {
  // Cut short in flight (or after an unanswered attempt), a request that changes state may have reached the platform.
  const init = { ...at, mayHaveTakenEffect: mayHaveBeenSent && changesState(at.method) };
  if (reason instanceof DeadlinePassed) {
    return new RequestAbortedError(`${at.method} ${at.path} was cut short: ${reason.message}`, init);
  }
  return new RequestAbortedError(`${at.method} ${at.path} was aborted by the caller's signal.`, init);
}

function unansweredError(error: unknown, at: At, link: LinkedSignal, settings: ClientSettings): ApiError {
  if (link.callerAborted()) return abortedError(at, link.signal.reason, true);
  if (link.timedOut()) {
    const advice = unansweredAdvice(at.method, 'Raise timeoutMs if the platform is slow, or check the network.');
    return new TimeoutError(`${at.method} ${at.path} got no complete answer within ${settings.timeoutMs} ms. ${advice}`, at);
  }
  // The raw error is not kept: a custom fetch may put anything in it. Only a redacted summary is.
  const reason = safeExcerpt(describeNetworkError(error), [settings.apiKey], 200);
  const cause = Object.assign(new Error(reason), { name: 'NetworkError', code: networkErrorCode(error) });
  const advice = unansweredAdvice(at.method, 'Check the network and baseUrl.');
  return new ConnectionError(`${at.method} ${at.path} could not reach ${settings.base.origin}: ${reason}. ${advice}`, {
    ...at,
    cause,
  });
}

/** Advice for failures without an answer, where a POST may still have taken effect. */
function unansweredAdvice(method: string, advice: string): string {
  return method === 'POST' ? `${advice} ${MAY_HAVE_TAKEN_EFFECT}` : advice;
}

function redirectError(response: Response, url: URL, at: At): RedirectRefusedError {
  const target = redirectTarget(response.headers.get('location'), url);
  return new RedirectRefusedError(
    `${at.method} ${at.path} was redirected (HTTP ${response.status}) to ${target}; redirects are refused so the API key ` +
      `never goes anywhere else. Check baseUrl: it should be the API root itself, such as ${DEFAULT_BASE_URL}.`,
    { ...at, status: response.status },
  );
}

/** undici wraps the socket error: "fetch failed" caused by "connect ECONNREFUSED …". */
function describeNetworkError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current.message && !parts.includes(current.message)) parts.push(current.message);
    current = current.cause;
  }
  return parts.length > 0 ? parts.join(': ') : 'network error';
}

function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,40}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

// A fault spec (what misbehaves, on which requests, how often) and its checks before it is armed,
// so that a bad one is refused where it is added (a 400 on the control API) instead of failing the
// request it applies to (an invalid header, a timer that Node cuts to 1 ms).

export type FaultEffect =
  /** Answer with this status without running the handler: the request takes no effect. */
  | {
      kind: 'status';
      status: number;
      retryAfter?: number | string;
      /**
       * Seconds from the answer to the limit's reset: `x-ratelimit-reset` (a Unix time in seconds, as
       * GitHub and Vercel send it) is counted when the fault answers, so a slow client never finds it past.
       */
      resetsIn?: number;
      /** The body as JSON; or `text`, sent as it is (give its `content-type` in `headers`), as some edges answer. */
      body?: unknown;
      text?: string;
      headers?: Record<string, string>;
    }
  /**
   * Read the whole request, wait this long, then handle it normally; it takes effect even when the
   * client gave up meanwhile (as on a slow server), only the reply then goes nowhere.
   */
  | { kind: 'delay'; ms: number }
  /** Destroy the connection before the request takes effect. */
  | { kind: 'drop' }
  /** Handle the request (it takes effect), then destroy the connection, or answer `status` instead. */
  | { kind: 'reply-lost'; status?: number }
  /** Never answer. With `afterEffect` the request takes effect first. Ends when the emulator closes. */
  | { kind: 'hang'; afterEffect?: boolean };

export type FaultSpec = FaultEffect & {
  /** HTTP method to match; any when omitted. */
  method?: string;
  /** Path pattern relative to the API root (`/api_keys`, `/projects/*\/operations`); any when omitted. */
  path?: string;
  /** How many matching requests it applies to: 1 by default, `'always'` for good. */
  times?: number | 'always';
};

const KINDS = new Set(['status', 'delay', 'drop', 'reply-lost', 'hang']);
/** setTimeout's largest delay; a longer one fires at once. */
export const MAX_DELAY_MS = 2 ** 31 - 1;
/** RFC 9110 token: what a header name may be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What Node accepts in a header value: no CR, LF or other control character but tab. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Throws a TypeError naming the first field of `spec` that cannot be played. */
export function validateFault(spec: FaultSpec): void {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec) || !KINDS.has(spec.kind)) {
    throw new TypeError(`fault.kind must be one of ${[...KINDS].join(', ')}`);
  }
  if (spec.method !== undefined && !(typeof spec.method === 'string' && TOKEN.test(spec.method))) {
    throw new TypeError('fault.method must be an HTTP method name');
  }
  if (spec.path !== undefined && typeof spec.path !== 'string') throw new TypeError('fault.path must be a string');
  if (spec.times !== undefined && spec.times !== 'always' && !(Number.isInteger(spec.times) && spec.times > 0)) {
    throw new TypeError("fault.times must be a positive integer or 'always'");
  }
  switch (spec.kind) {
    case 'status':
      checkStatus(spec.status, 'a status fault needs an HTTP status between 100 and 599');
      if (spec.text !== undefined && (typeof spec.text !== 'string' || spec.body !== undefined))
        throw new TypeError('fault.text must be a string, given instead of fault.body');
      checkHeaders(spec.headers);
      checkRetryAfter(spec.retryAfter);
      if (spec.resetsIn !== undefined && !(typeof spec.resetsIn === 'number' && Number.isFinite(spec.resetsIn) && spec.resetsIn >= 0)) {
        throw new TypeError('fault.resetsIn must be seconds >= 0');
      }
      break;
    case 'reply-lost':
      if (spec.status !== undefined) checkStatus(spec.status, 'reply-lost.status must be an HTTP status between 100 and 599');
      break;
    case 'delay':
      if (!(typeof spec.ms === 'number' && spec.ms >= 0 && spec.ms <= MAX_DELAY_MS)) {
        throw new TypeError(`a delay fault needs ms from 0 to ${MAX_DELAY_MS}`);
      }
      break;
    case 'hang':
      if (spec.afterEffect !== undefined && typeof spec.afterEffect !== 'boolean') {
        throw new TypeError('hang.afterEffect must be a boolean');
      }
      break;
  }
}

function checkStatus(status: unknown, message: string): void {
  if (!(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599)) throw new TypeError(message);
}

function checkHeaders(headers: unknown): void {
  if (headers === undefined) return;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
    throw new TypeError('fault.headers must be an object of header names to string values');
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name)) throw new TypeError(`fault.headers: ${JSON.stringify(name)} is not a header name`);
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw new TypeError(`fault.headers.${name} must be a string without CR, LF or other control characters`);
    }
  }
}

function checkRetryAfter(retryAfter: unknown): void {
  if (retryAfter === undefined) return;
  const ok =
    (typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0) ||
    (typeof retryAfter === 'string' && retryAfter !== '' && HEADER_VALUE.test(retryAfter));
  if (!ok) throw new TypeError('fault.retryAfter must be seconds >= 0 or an HTTP date');
}

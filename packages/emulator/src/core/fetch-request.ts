// What a client's `fetch(input, init)` asks, read once: method, URL, headers, body and signal. The
// common call (a string or URL, a string or byte body, plain or Headers headers) is read without a
// WHATWG Request and its body stream, which cost more than the emulator's own work in a simulation;
// anything else goes through `new Request`, so every call is checked and normalised as fetch does.

/** Methods `new Request` upper-cases (the fetch standard's normalisation); others are kept as given. */
const NORMALISED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
/** Methods `new Request` refuses. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** A method token (RFC 9110): what `new Request` accepts before normalising. */
const METHOD_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The init members the direct reading understands; any other goes through `new Request`. */
const DIRECT_INIT_MEMBERS = new Set(['method', 'headers', 'body', 'signal', 'redirect', 'duplex']);
const REDIRECT_MODES = new Set([undefined, 'follow', 'error', 'manual']);
const encoder = new TextEncoder();

export class FetchRequest {
  constructor(
    readonly method: string,
    readonly url: URL,
    /** Header names lower-case, as Headers gives them. */
    readonly headers: Record<string, string>,
    /** The body as bytes when the caller gave it whole, else the Request's stream. */
    readonly body: Uint8Array | ReadableStream<Uint8Array> | null,
    /** Aborts when the client gives up; none when it cannot. */
    readonly signal: AbortSignal | undefined,
  ) {}

  /** Reads a WHATWG Request (its body stays a stream, read only if the emulator reads it). */
  static fromRequest(request: Request): FetchRequest {
    return new FetchRequest(request.method, new URL(request.url), headerRecord(request.headers), request.body, request.signal);
  }
}

/** `fetch`'s arguments as a FetchRequest; throws the TypeError `new Request` throws for a bad call. */
export function toFetchRequest(input: string | URL | Request | FetchRequest, init?: RequestInit): FetchRequest {
  if (input instanceof FetchRequest) return input;
  return readDirectly(input, init) ?? FetchRequest.fromRequest(new Request(input, init));
}

/** The common call read without a Request; undefined for anything `new Request` must check or convert. */
function readDirectly(input: string | URL | Request, init: RequestInit | undefined): FetchRequest | undefined {
  if (typeof input !== 'string' && !(input instanceof URL)) return undefined;
  for (const member in init) if (!DIRECT_INIT_MEMBERS.has(member)) return undefined;
  if (!REDIRECT_MODES.has(init?.redirect) || (init?.duplex !== undefined && init.duplex !== 'half')) return undefined;
  const given = init?.method ?? 'GET';
  if (!METHOD_TOKEN.test(given)) return undefined;
  const upper = given.toUpperCase();
  if (FORBIDDEN_METHODS.has(upper)) return undefined;
  const method = NORMALISED_METHODS.has(upper) ? upper : given;
  const rawBody = init?.body;
  const body =
    rawBody === undefined || rawBody === null
      ? null
      : typeof rawBody === 'string'
        ? encoder.encode(rawBody)
        : rawBody instanceof Uint8Array
          ? rawBody
          : undefined;
  if (body === undefined) return undefined;
  if (body !== null && (method === 'GET' || method === 'HEAD')) return undefined;
  const url = parsedUrl(input);
  // Credentials in the URL and a bad URL: `new Request` throws.
  if (!url || url.username || url.password) return undefined;
  // Headers checks names and values, lower-cases names and joins repeated ones, as the Request would.
  const headers = plainHeaderRecord(init?.headers) ?? headerRecord(new Headers(init?.headers));
  // A string body the caller gave no type: fetch sends it as text.
  if (typeof rawBody === 'string' && headers['content-type'] === undefined) headers['content-type'] = 'text/plain;charset=UTF-8';
  return new FetchRequest(method, url, headers, body, init?.signal ?? undefined);
}

function parsedUrl(input: string | URL): URL | undefined {
  try {
    return new URL(input);
  } catch {
    return undefined;
  }
}

/** A header name (RFC 9110 token), as Headers accepts it. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A header value Headers keeps as given: Latin-1, no CR, LF or NUL, no whitespace to trim at either end. */
const PLAIN_HEADER_VALUE = /^(?:[\x21-\x7E\x80-\xFF](?:[\x20-\x7E\x80-\xFF\t]*[\x21-\x7E\x80-\xFF])?)?$/;

/**
 * What `new Headers(init)` then forEach would give for a plain object of plain string values (a
 * client's usual headers), without building the Headers: names lower-cased, sorted, values of names
 * differing only in case joined. Undefined for anything else (a Headers, pairs, a value Headers would
 * trim or refuse, set-cookie), which goes through Headers.
 */
function plainHeaderRecord(init: RequestInit['headers']): Record<string, string> | undefined {
  if (init === undefined) return {};
  if (init === null || typeof init !== 'object' || Object.getPrototypeOf(init) !== Object.prototype) return undefined;
  const given = init as Record<string, unknown>;
  const names: string[] = [];
  const joined: Record<string, string> = {};
  for (const name in given) {
    const value = given[name];
    if (typeof value !== 'string' || !HEADER_NAME.test(name) || !PLAIN_HEADER_VALUE.test(value)) return undefined;
    const lower = name.toLowerCase();
    if (lower === 'set-cookie' || lower === '__proto__') return undefined;
    if (joined[lower] === undefined) {
      names.push(lower);
      joined[lower] = value;
    } else joined[lower] = `${joined[lower]}, ${value}`;
  }
  // Own enumerable symbols or non-enumerable names would be for Headers to judge.
  if (Object.getOwnPropertySymbols(given).length) return undefined;
  names.sort();
  const record: Record<string, string> = {};
  for (const name of names) record[name] = joined[name]!;
  return record;
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

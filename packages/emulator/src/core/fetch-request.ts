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
  const body = rawBody === undefined || rawBody === null ? null : typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody instanceof Uint8Array ? rawBody : undefined;
  if (body === undefined) return undefined;
  if (body !== null && (method === 'GET' || method === 'HEAD')) return undefined;
  const url = URL.canParse(String(input)) ? new URL(input) : undefined;
  // Credentials in the URL and a bad URL: `new Request` throws.
  if (!url || url.username || url.password) return undefined;
  // Headers checks names and values, lower-cases names and joins repeated ones, as the Request would.
  const headers = headerRecord(new Headers(init?.headers));
  // A string body the caller gave no type: fetch sends it as text.
  if (typeof rawBody === 'string' && headers['content-type'] === undefined) headers['content-type'] = 'text/plain;charset=UTF-8';
  return new FetchRequest(method, url, headers, body, init?.signal ?? undefined);
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

// What the emulator was asked, in order: for tests that assert the protocol, never holding secrets.
// A ring buffer, so an emulator left running (the CLI, a load test) keeps bounded memory.

export interface LoggedRequest {
  seq: number;
  time: string;
  method: string;
  /** Path relative to the API root, without the query. */
  path: string;
  /** The query string as sent (`?limit=10`), with the values of credential-like parameters hidden. */
  query: string;
  /** Status sent, or undefined when the connection was dropped, left hanging or gone before the reply. */
  status: number | undefined;
  /** The fault applied, if any. */
  fault?: string;
  /** Who asked, as the handler identified them (`key:12`, `token:admin`); never a credential. */
  actor?: string;
  durationMs: number;
}

export const DEFAULT_REQUEST_LOG_LIMIT = 100_000;

/** Query parameters whose values the log never keeps (`api_key`, `access_token`, `client_secret`, `sig`...). */
const SECRET_PARAMETER = /token|key|secret|auth|sig/i;
export const REDACTED = '[REDACTED]';

export class RequestLog {
  /** Oldest entry at #start once the buffer is full. */
  #entries: LoggedRequest[] = [];
  #start = 0;
  #seq = 0;
  readonly limit: number;

  constructor(limit = DEFAULT_REQUEST_LOG_LIMIT) {
    if (!(Number.isInteger(limit) && limit >= 1)) throw new TypeError('the request log limit must be a positive integer');
    this.limit = limit;
  }

  /** Adds an entry (its query redacted), dropping the oldest one when the log is full. */
  record(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
    const logged = { seq: ++this.#seq, ...entry, query: redactQuery(entry.query) };
    if (this.#entries.length < this.limit) {
      this.#entries.push(logged);
    } else {
      this.#entries[this.#start] = logged;
      this.#start = (this.#start + 1) % this.limit;
    }
    return logged;
  }

  /** Entries oldest first; `path` matches that path and everything below it. */
  entries(filter?: { method?: string; path?: string }): LoggedRequest[] {
    const ordered = this.#start === 0 ? this.#entries : [...this.#entries.slice(this.#start), ...this.#entries.slice(0, this.#start)];
    return ordered.filter(
      (e) =>
        (!filter?.method || e.method === filter.method.toUpperCase()) &&
        (!filter?.path || e.path === filter.path || e.path.startsWith(`${filter.path}/`)),
    );
  }

  clear(): void {
    this.#entries = [];
    this.#start = 0;
  }
}

/** `?api_key=abc&limit=5` -> `?api_key=[REDACTED]&limit=5`; everything else stays as sent. */
export function redactQuery(search: string): string {
  if (search === '' || search === '?') return search;
  const body = search.startsWith('?') ? search.slice(1) : search;
  const parts = body.split('&').map((part) => {
    const at = part.indexOf('=');
    if (at < 0 || at === part.length - 1) return part;
    return SECRET_PARAMETER.test(decodeName(part.slice(0, at))) ? `${part.slice(0, at + 1)}${REDACTED}` : part;
  });
  return `${search.startsWith('?') ? '?' : ''}${parts.join('&')}`;
}

/** Names are matched decoded, byte by byte so a stray `%` cannot hide one: `%6Bey` is a key too. */
function decodeName(name: string): string {
  return name.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

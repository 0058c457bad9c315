// What the emulator was asked, in order: for tests that assert the protocol, never holding secrets.

export interface LoggedRequest {
  seq: number;
  time: string;
  method: string;
  /** Path relative to the API root, without the query. */
  path: string;
  query: string;
  /** Status sent, or undefined when the connection was dropped or left hanging. */
  status: number | undefined;
  /** The fault applied, if any. */
  fault?: string;
  /** Who asked, as the handler identified them (`key:12`, `token:admin`); never a credential. */
  actor?: string;
  durationMs: number;
}

export class RequestLog {
  #entries: LoggedRequest[] = [];
  #seq = 0;

  record(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
    const logged = { seq: ++this.#seq, ...entry };
    this.#entries.push(logged);
    return logged;
  }

  entries(filter?: { method?: string; path?: string }): LoggedRequest[] {
    return this.#entries.filter(
      (e) =>
        (!filter?.method || e.method === filter.method.toUpperCase()) &&
        (!filter?.path || e.path === filter.path || e.path.startsWith(`${filter.path}/`)),
    );
  }

  clear(): void {
    this.#entries = [];
  }
}

// A record write the run gives up on, kept so a test sends it later: GitHub may still carry out a
// request whose answer never came (its variables take no precondition), after the run's later writes.

/** Where the tests keep the target record (world.ts: acme/web's Actions variables), beside the lease. */
const RECORDS = '/repos/acme/web/actions/variables/KEYTURN_RECORD_';

export interface Abandoned {
  url: string;
  init: RequestInit;
}

/**
 * A fetch that gives up on the first record PATCH (not the lease's) as a dropped connection would (the
 * client retries it), keeping the request so the test sends it later, as GitHub may still carry it out.
 */
export function abandoningFirstRecordPatch(): { fetch: typeof fetch; abandoned: Abandoned[] } {
  const abandoned: Abandoned[] = [];
  const gave = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'PATCH' && new URL(url).pathname.startsWith(RECORDS) && abandoned.length === 0) {
      abandoned.push({ url, init: { method, headers: init?.headers, body: init?.body } });
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    }
    return fetch(input, init);
  };
  return { fetch: gave, abandoned };
}

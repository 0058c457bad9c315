// The checker can fail: known-bad answers and requests are reported, each for the right reason.

import { describe, expect, it } from 'vitest';
import type { RecordedExchange } from './recorder.js';
import { checkExchanges } from './recorder.js';

function exchange(fields: Partial<RecordedExchange>): RecordedExchange {
  return {
    service: 'platform',
    client: 'probe',
    method: 'GET',
    path: '/api_keys',
    query: '',
    requestHeaders: { authorization: 'Bearer [REDACTED]', accept: 'application/json' },
    requestBody: undefined,
    status: 200,
    responseHeaders: { 'content-type': 'application/json; charset=utf-8' },
    responseBody: [],
    ...fields,
  };
}

const operation = {
  id: '0b6d1b83-6c64-4a40-9f8a-3ab4a3e5e8d1',
  project_id: 'p-1',
  action: 'create_branch',
  status: 'running',
  failures_count: 0,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
};
const problems = (e: Partial<RecordedExchange>) => checkExchanges([exchange(e)]).map((m) => m.problem);

describe('the checker', () => {
  it('passes a known-good answer', () => {
    expect(
      problems({
        path: '/projects/p-1/operations/0b6d1b83-6c64-4a40-9f8a-3ab4a3e5e8d1',
        responseBody: { operation: { ...operation, total_duration_ms: 5 } },
      }),
    ).toEqual([]);
  });

  it('reports an operation without total_duration_ms, a key without created_by, a wrong type', () => {
    expect(problems({ path: '/projects/p-1/operations/0b6d1b83-6c64-4a40-9f8a-3ab4a3e5e8d1', responseBody: { operation } })).toEqual([
      "body /operation: must have required property 'total_duration_ms'",
    ]);
    const key = { id: 1, name: 'k', created_at: '2024-01-01T00:00:00Z', last_used_at: null, last_used_from_addr: null };
    expect(problems({ responseBody: [key] })).toEqual([
      "body /0: must have required property 'created_by'",
      'body /0/last_used_from_addr: must be string',
    ]);
  });

  it('reports a null where a nullable string takes it only through a part that takes none, once', () => {
    const found = problems({
      path: '/projects',
      responseBody: { projects: [{ id: 'p-1', effective_project_permission: null }], applications: {}, integrations: {} },
    });
    expect(found).toContain('body /projects/0/effective_project_permission: null where the description types a string that takes none');
    expect(found.filter((p) => p.includes('effective_project_permission'))).toHaveLength(1);
  });

  it('reports an undocumented status, an unknown operation, a body where none is described', () => {
    expect(
      problems({ service: 'github', method: 'DELETE', path: '/repos/o/r/actions/secrets/X', status: 200, responseBody: {} })[0],
    ).toMatch(/status 200 is not documented/);
    expect(problems({ path: '/no/such/thing' })).toEqual(['answered an operation the published description does not have']);
    expect(problems({ path: '/no/such/thing', status: 404, responseBody: { message: 'gone' } })).toEqual([
      "body /: must have required property 'code'",
    ]);
    expect(
      problems({ service: 'github', method: 'DELETE', path: '/repos/o/r/actions/secrets/X', status: 204, responseBody: { x: 1 } }),
    ).toEqual(['a body where the description has none']);
  });

  it("reports a client's request off the operation: unknown query, bad parameter, bad body, missing headers", () => {
    const client = 'a client';
    expect(
      problems({
        client,
        path: '/projects',
        query: '?limit=1000&colour=red',
        responseBody: { projects: [], applications: {}, integrations: {} },
      }),
    ).toEqual(['query parameter limit="1000": must be <= 400', 'query parameter colour is not in the operation']);
    expect(
      problems({
        client,
        method: 'POST',
        requestBody: { key_name: 7 },
        requestHeaders: { accept: 'application/json', 'content-type': 'application/json' },
        responseBody: {
          id: 1,
          key: 'x',
          name: 'n',
          created_at: '2024-01-01T00:00:00Z',
          created_by: '0b6d1b83-6c64-4a40-9f8a-3ab4a3e5e8d1',
        },
      }),
    ).toEqual(['body /key_name: must be string', 'no Authorization: Bearer <key> (BearerAuth)']);
    const github = {
      service: 'github' as const,
      client,
      path: '/repos/o/r/actions/secrets/public-key',
      responseBody: { key_id: '1', key: 'a' },
    };
    expect(
      problems({ ...github, requestHeaders: { authorization: 'token [REDACTED]', accept: 'application/vnd.github.v3+json' } }),
    ).toEqual([
      'no User-Agent (GitHub answers 403)',
      'x-github-api-version (none), not 2022-11-28',
      'accept application/vnd.github.v3+json, not application/vnd.github+json',
    ]);
  });
});

describe('the checker, end to end through a recording emulator', () => {
  it('reports a known-bad answer the emulator was made to send, and a request without the pinned GitHub headers', async () => {
    const { startGitHubEmulator, startPlatformEmulator } = await import('@keyturn/emulator');
    const { WireRecorder } = await import('./recorder.js');
    const recorder = new WireRecorder();
    const platform = await startPlatformEmulator({ onExchange: recorder.hook('platform') });
    const github = await startGitHubEmulator({
      repos: ['acme/web'],
      tokens: { ghp_selfCheckToken0123456789: 'write' },
      onExchange: recorder.hook('github'),
    });
    try {
      const { key } = platform.createKey('self-check');
      // A 200 whose body is an old-style key list: no created_by, a null last_used_from_addr.
      const oldStyle = [{ id: 1, name: 'k', created_at: '2024-01-01T00:00:00Z', last_used_at: null, last_used_from_addr: null }];
      platform.faults.add({ method: 'GET', path: '/api_keys', kind: 'status', status: 200, body: oldStyle });
      await fetch(`${platform.url}/api_keys`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
      await recorder.as('an unpinned client', () =>
        fetch(`${github.url}/repos/acme/web/actions/secrets/public-key`, {
          headers: { authorization: 'token ghp_selfCheckToken0123456789', accept: 'application/vnd.github.v3+json', 'user-agent': 'old' },
        }),
      );
    } finally {
      await Promise.all([platform.close(), github.close()]);
    }
    expect(checkExchanges(recorder.exchanges).map((m) => `${m.service} ${m.side}: ${m.problem}`)).toEqual([
      "platform response: body /0: must have required property 'created_by'",
      'platform response: body /0/last_used_from_addr: must be string',
      'github request: x-github-api-version (none), not 2022-11-28',
      'github request: accept application/vnd.github.v3+json, not application/vnd.github+json',
    ]);
  });
});

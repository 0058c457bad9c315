// The operations list: newest first, `limit` 1..1000, `created_at` cursors that are strictly
// exclusive, and an empty last page that still carries a cursor (spec 4.3, README: Behaviour, Pagination).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformOperation } from '../src/index.js';
import { expectPlatformError, manualClock, startTestPlatform, type TestPlatform } from './platform-harness.js';

let platform: TestPlatform;
let projectId: string;
const clock = manualClock();
beforeEach(async () => {
  platform = await startTestPlatform({ clock: clock.now, defaultPageLimit: 10 });
  projectId = platform.emulator.createProject().id;
});
afterEach(() => platform.emulator.close());

async function listPage(query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const reply = await platform.api('GET', `/projects/${projectId}/operations${search.size ? `?${search}` : ''}`);
  expect(reply.status).toBe(200);
  return reply.body as { operations: PlatformOperation[]; pagination: { cursor: string } };
}

/** Every page until the empty one, as a client following the cursor does. */
async function listAll(limit: number): Promise<{ pages: PlatformOperation[][]; last: { cursor: string } }> {
  const pages: PlatformOperation[][] = [];
  let page = await listPage({ limit });
  while (page.operations.length > 0) {
    pages.push(page.operations);
    page = await listPage({ limit, cursor: page.pagination.cursor });
  }
  return { pages, last: page.pagination };
}

function startMany(count: number): PlatformOperation[] {
  const started: PlatformOperation[] = [];
  for (let i = 0; i < count; i++) {
    started.push(...platform.emulator.startOperations(projectId, [{ action: `step_${i}` }]));
    clock.advance(1);
  }
  return started;
}

describe('GET /projects/{project_id}/operations', () => {
  it('lists newest first, with the cursor set to the created_at of the last item', async () => {
    const started = startMany(3);
    const page = await listPage();
    expect(page.operations.map((o) => o.id)).toEqual(started.map((o) => o.id).reverse());
    expect(page.pagination.cursor).toBe(page.operations.at(-1)!.created_at);
  });

  it('returns defaultPageLimit items without limit', async () => {
    startMany(12);
    expect((await listPage()).operations).toHaveLength(10);
  });

  it('walks an exact multiple of the limit, ending with an empty page that still has a cursor', async () => {
    const started = startMany(30);
    const { pages, last } = await listAll(10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10]);
    expect(pages.flat().map((o) => o.id)).toEqual(started.map((o) => o.id).reverse());
    expect(last.cursor).toBe(pages[2]!.at(-1)!.created_at);
  });

  it('walks a count that is not a multiple of the limit', async () => {
    startMany(7);
    const { pages } = await listAll(3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(new Set(pages.flat().map((o) => o.id)).size).toBe(7);
  });

  it('answers an empty project with an empty page and a cursor', async () => {
    const page = await listPage({ limit: 5 });
    expect(page.operations).toEqual([]);
    expect(page.pagination.cursor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect((await listPage({ limit: 5, cursor: page.pagination.cursor })).operations).toEqual([]);
  });

  it('answers a cursor at the end with an empty page carrying that same cursor', async () => {
    startMany(2);
    const cursor = (await listPage({ limit: 2 })).pagination.cursor;
    expect(await listPage({ limit: 2, cursor })).toEqual({ operations: [], pagination: { cursor } });
    const older = '2000-01-01T00:00:00Z';
    expect(await listPage({ cursor: older })).toEqual({ operations: [], pagination: { cursor: older } });
  });

  it('keeps later pages to strictly older items when new operations start meanwhile', async () => {
    const started = startMany(4);
    const first = await listPage({ limit: 2 });
    startMany(3);
    const second = await listPage({ limit: 2, cursor: first.pagination.cursor });
    expect(second.operations.map((o) => o.id)).toEqual([started[1]!.id, started[0]!.id]);
  });

  it('accepts limit 1 and 1000, refuses 0, 1001, negatives, fractions and words', async () => {
    startMany(3);
    expect((await listPage({ limit: 1 })).operations).toHaveLength(1);
    expect((await listPage({ limit: 1000 })).operations).toHaveLength(3);
    for (const limit of ['0', '1001', '-1', '2.5', 'ten', '', '1e2']) {
      const reply = await platform.api('GET', `/projects/${projectId}/operations?limit=${limit}`);
      expectPlatformError(reply, 400, 'bad_request');
    }
  });

  it('refuses a cursor that is not a timestamp', async () => {
    for (const cursor of ['yesterday', '1717243200', '2024-06-01 12:00:00', '2024-06-01T12:00:00+02:00']) {
      const reply = await platform.api('GET', `/projects/${projectId}/operations?cursor=${encodeURIComponent(cursor)}`);
      expectPlatformError(reply, 400, 'bad_request');
    }
  });

  it('keeps each project to its own operations', async () => {
    const other = platform.emulator.createProject();
    platform.emulator.startOperations(other.id, [{}, {}]);
    startMany(1);
    expect((await listPage()).operations).toHaveLength(1);
  });
});

describe('seedOperations', () => {
  it('adds 20,000 finished operations older than the existing ones, all reachable page by page', async () => {
    const recent = startMany(2);
    platform.emulator.seedOperations(projectId, 20_000);
    const { pages, last } = await listAll(1000);
    expect(pages).toHaveLength(21);
    const all = pages.flat();
    expect(all).toHaveLength(20_002);
    expect(all.slice(0, 2).map((o) => o.id)).toEqual([recent[1]!.id, recent[0]!.id]);
    expect(new Set(all.map((o) => o.id)).size).toBe(20_002);
    const stamps = all.map((o) => o.created_at);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! < stamps[i - 1]!).toBe(true);
    expect(all.slice(2).every((o) => o.status === 'finished' && o.total_duration_ms !== undefined)).toBe(true);
    expect(last.cursor).toBe(all.at(-1)!.created_at);
  });

  it('seeds below earlier seeds, with the status and action asked for', async () => {
    platform.emulator.seedOperations(projectId, 3, { status: 'failed', action: 'apply_storage_config' });
    platform.emulator.seedOperations(projectId, 2);
    const all = (await listPage({ limit: 10 })).operations;
    expect(all.map((o) => o.status)).toEqual(['failed', 'failed', 'failed', 'finished', 'finished']);
    expect(all[0]).toMatchObject({ action: 'apply_storage_config', failures_count: 1, error: expect.any(String) });
    expect(all[4]).toMatchObject({ action: 'check_availability', endpoint_id: expect.stringMatching(/^ep-/) });
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => platform.emulator.seedOperations(projectId, -1)).toThrow(/count/);
    expect(() => platform.emulator.seedOperations(projectId, 1.5)).toThrow(/count/);
  });
});

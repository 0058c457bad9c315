// wait, status, audit and fingerprint through the packed bin against the emulators: their JSON
// against the published schema, their exit codes, and no key value in any output.

import { describe, expect } from 'vitest';
import { jsonOf, keyturn, leaksIn, startKeyturn } from './keyturn-process.js';
import { ENV, it, learnHeld, RECORD_REPO, REPO, run, type World } from './world.js';

async function rotated(w: World, extra: string[] = [], apiKey?: string): Promise<{ keyId: number; value: string }> {
  const result = await run(
    w,
    ['rotate', '--target', REPO, '--target', ENV, '--record-repo', RECORD_REPO, '--output', 'json', ...extra, ...w.urls],
    { apiKey },
  );
  expect(result.code, result.stderr).toBe(0);
  return { keyId: JSON.parse(result.stdout).keyId, value: learnHeld(w)[0]! };
}

describe.concurrent('keyturn wait', () => {
  it('finds nothing pending: exit 0 and valid JSON', async ({ world }) => {
    const project = world.platform.createProject({ name: 'shop' });
    const result = await run(world, ['wait', '--project-id', project.id, '--output', 'json', '--api-url', world.platform.url]);
    expect(result.code).toBe(0);
    expect(jsonOf(result)).toMatchObject({ command: 'wait', status: 'finished', operations: [] });
  });

  it('waits for every pending operation until it finishes', async ({ world }) => {
    const project = world.platform.createProject({ name: 'shop' });
    const ops = world.platform.startOperations(project.id, [{ action: 'start_compute' }, { action: 'apply_config' }]);
    // Running until the test says: they finish once the wait has seen them pending.
    for (const op of ops) world.platform.setOperationStatus(project.id, op.id, 'running');
    const started = startKeyturn(
      ['wait', '--project-id', project.id, '--interval', '100ms', '--output', 'json', '--api-url', world.platform.url],
      {
        env: { NEON_API_KEY: world.consoleKey.key },
      },
    );
    let stderr = '';
    started.child.stderr!.on('data', (chunk) => (stderr += chunk));
    let ended = false;
    void started.done.then(() => (ended = true));
    while (!stderr.includes('2 pending')) {
      expect(ended, 'the wait ended before seeing the operations pending').toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const op of ops) world.platform.setOperationStatus(project.id, op.id, 'finished');
    const result = await started.done;
    expect(result.code).toBe(0);
    const json = jsonOf(result);
    expect(json.operations.map((op: { id: string; status: string }) => [op.id, op.status]).sort()).toEqual(
      ops.map((op) => [op.id, 'finished']).sort(),
    );
    expect(leaksIn(result, world.secrets)).toEqual([]);
  });

  it('exits 3 when an awaited operation fails, naming it', async ({ world }) => {
    const project = world.platform.createProject({ name: 'shop' });
    const [op] = world.platform.startOperations(project.id, [{ action: 'start_compute', final: 'failed', error: 'no capacity' }]);
    const result = await run(world, [
      'wait',
      '--project-id',
      project.id,
      '--operation-id',
      op!.id,
      '--interval',
      '100ms',
      '--output',
      'json',
      '--api-url',
      world.platform.url,
    ]);
    expect(result.code).toBe(3);
    expect(jsonOf(result)).toMatchObject({
      status: 'failed',
      failedIds: [op!.id],
      operations: [{ id: op!.id, status: 'failed', error: 'no capacity' }],
    });
    expect(result.stderr).toContain('no capacity');
  });

  it('exits 4 when the timeout runs out', async ({ world }) => {
    const project = world.platform.createProject({ name: 'shop' });
    const [op] = world.platform.startOperations(project.id, [{ action: 'start_compute' }]);
    world.platform.setOperationStatus(project.id, op!.id, 'running');
    // A timeout that leaves a first poll time to answer however busy the machine (its cases run side by side).
    const result = await run(world, [
      'wait',
      '--project-id',
      project.id,
      '--timeout',
      '3s',
      '--interval',
      '200ms',
      '--output',
      'json',
      '--api-url',
      world.platform.url,
    ]);
    expect(result.code).toBe(4);
    expect(jsonOf(result)).toMatchObject({ status: 'timed-out', pendingIds: [op!.id] });
  });
});

describe.concurrent('keyturn status', () => {
  it("shows the family's targets, the key each holds, its fingerprint and the last rotation", async ({ world }) => {
    const { keyId, value } = await rotated(world);
    const fingerprint = JSON.parse((await keyturn(['fingerprint', '--output', 'json'], { input: `${value}\n` })).stdout).fingerprint;

    const result = await run(world, ['status', '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls], { apiKey: value });
    expect(result.code).toBe(0);
    const [family, ...others] = jsonOf(result).families;
    expect(others).toEqual([]);
    expect(family.targets).toEqual([
      { spec: ENV, keyIds: [keyId] },
      { spec: REPO, keyIds: [keyId] },
    ]);
    expect(family.keys).toContainEqual(
      expect.objectContaining({ id: keyId, fingerprint, heldBy: [ENV, REPO], live: true, key: expect.objectContaining({ ageDays: 0 }) }),
    );
    expect(family.lastRotation).toEqual({ keyId, at: expect.any(String) });

    const table = await run(world, ['status', '--record-repo', RECORD_REPO, '--family', family.family, ...world.urls], { apiKey: value });
    expect(table.stdout).toContain(`family ${family.family} (secret NEON_API_KEY, personal); last rotation: key ${keyId}`);
    expect(table.stdout).toContain(fingerprint);
  });

  it('works without NEON_API_KEY, leaving ages out, and fails for a family it does not know', async ({ world }) => {
    await rotated(world);
    const result = await run(world, ['status', '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls], {
      env: { NEON_API_KEY: undefined },
    });
    expect(result.code).toBe(0);
    expect(jsonOf(result).families[0].keys[0]).toMatchObject({ live: null, key: null });
    const unknown = await run(world, ['status', '--record-repo', RECORD_REPO, '--family', 'nobody', ...world.urls]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No record of family nobody');
  });
});

describe.concurrent('keyturn audit', () => {
  it('flags the key no record knows and exits 5', async ({ world }) => {
    const { keyId, value } = await rotated(world);
    const result = await run(world, ['audit', '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls], { apiKey: value });
    expect(result.code).toBe(5);
    const json = jsonOf(result);
    expect(json.flaggedIds).toEqual([world.consoleKey.id]);
    expect(json.keys).toContainEqual(expect.objectContaining({ id: world.consoleKey.id, flags: ['unknown'], family: null }));
    expect(json.keys).toContainEqual(expect.objectContaining({ id: keyId, flags: [], heldBy: [ENV, REPO] }));
  });

  it('exits 0 when every key is known and held, and flags keys older than --max-age', async ({ world }) => {
    const { value } = await rotated(world, ['--revoke-key-id', String(world.consoleKey.id)]);
    const clean = await run(world, ['audit', '--record-repo', RECORD_REPO, '--max-age', '90', '--output', 'json', ...world.urls], {
      apiKey: value,
    });
    expect(clean.code).toBe(0);
    expect(jsonOf(clean).flaggedIds).toEqual([]);
    expect(clean.stderr).toContain('1 key, none flagged.');
    // A second rotation with keep 2: the previous key stays valid, known to the record but held by no target.
    const second = await rotated(world, ['--keep', '2'], value);
    const kept = await run(world, ['audit', '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls], { apiKey: second.value });
    expect(kept.code).toBe(5);
    expect(jsonOf(kept).keys).toContainEqual(expect.objectContaining({ flags: ['unheld'] }));
  });
});

describe.concurrent('keyturn fingerprint', () => {
  it('reads the value from standard input only, and prints its fingerprint', async ({ world }) => {
    const value = world.consoleKey.key;
    const result = await keyturn(['fingerprint'], { input: `${value}\n` });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^[0-9a-f]{16}$/);
    expect(`${result.stdout}${result.stderr}`).not.toContain(value);
    const json = await keyturn(['fingerprint', '--output', 'json'], { input: value });
    expect(jsonOf(json).fingerprint).toBe(result.stdout.trim());
    // The environment is never read for it.
    const none = await keyturn(['fingerprint'], { input: '', env: { NEON_API_KEY: value } });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no key value on standard input');
  });
});

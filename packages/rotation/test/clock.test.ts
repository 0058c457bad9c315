// Rotation by the clock (README, "Rotation by the clock"): rotateEvery makes a run whose key is not
// due a no-op that costs a record read and one listing; revokeAfter keeps a superseded key valid
// until its deadline, kept in the record, and the first run at or after it revokes the key. Time is
// virtual: the platform emulator's clock (its keys' created_at) and the run's `now` are one.

import { OptionError } from '@keyturn/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFingerprint } from '../src/index.js';
import { checkInvariants } from './invariants.js';
import { type RotationRun, runRotation } from './run.js';
import { ENV, ENV_SECRET_PATH, REPO, SECRET, startWorld, type World } from './world.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RECORD = { repository: 'acme/web' };

let world: World;
let now: number;
/** The value the targets hold now: the next run's current key. */
let current: string;

beforeEach(async () => {
  now = Date.parse('2026-03-02T09:00:00Z');
  world = await startWorld({ clock: () => now });
  current = world.currentKey.key;
});
afterEach(() => world.close());

/** One run at the virtual time `now`, with the key the targets hold; the current key follows a rotation. */
async function runAt(overrides: Parameters<typeof runRotation>[1] = {}): Promise<RotationRun> {
  const run = await runRotation(world, { record: RECORD, apiKey: current, now: () => new Date(now), ...overrides });
  if (run.report?.keyId !== undefined && run.createdValues[0]) current = run.createdValues[0];
  return run;
}

const live = (id: number) => world.platform.listKeys().some((k) => k.id === id && !k.revoked);
const keyIdOf = (value: string) => world.platform.keyIdOf(value)!;
const requestsOf = (run: RotationRun, service: 'platform' | 'github') =>
  world.requests.slice(run.requestsBefore).filter((r) => r.service === service);

describe('rotateEvery', () => {
  it('a run whose key is younger rotates nothing, in one platform request and one GitHub request, and a later one rotates', async () => {
    const first = await runAt({ rotateEvery: '7d' });
    expect(first.error?.message).toBeUndefined();
    const held = first.report!.keyId!;

    now += 6 * DAY + 23 * HOUR;
    const idle = await runAt({ rotateEvery: '7d' });
    expect(idle.error?.message).toBeUndefined();
    expect(idle.report?.idle).toMatchObject({
      reason: 'not-due',
      keyId: held,
      rotateEvery: '7d',
      rotateAt: new Date(Date.parse('2026-03-09T09:00:00Z')).toISOString(),
    });
    expect(idle.report?.keyId).toBeUndefined();
    expect(idle.report?.revokedKeyIds).toEqual([]);
    expect(requestsOf(idle, 'platform').map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api_keys']);
    expect(requestsOf(idle, 'github').map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/acme/web/actions/variables']);
    expect(world.held()).toEqual([current, current]);
    checkInvariants(world, idle);

    now += HOUR;
    const due = await runAt({ rotateEvery: '7d' });
    expect(due.error?.message).toBeUndefined();
    expect(due.report?.idle).toBeUndefined();
    expect(due.report?.keyId).toBeGreaterThan(held);
    expect(live(held)).toBe(false);
    checkInvariants(world, due);
  });

  it('rotates a key not yet due when a target does not hold it by the record (a target added to the list)', async () => {
    await runAt({ rotateEvery: '7d', targets: [REPO] });
    now += HOUR;
    const added = await runAt({ rotateEvery: '7d', targets: [REPO, ENV] });
    expect(added.error?.message).toBeUndefined();
    expect(added.report?.idle).toBeUndefined();
    expect(added.report?.targets).toEqual([REPO, ENV]);
    checkInvariants(world, added);
  });

  it("rotates when a key named in revokeKeyIds is still live, or the newest family key is no target's", async () => {
    const first = await runAt({ rotateEvery: '7d', revokeKeyIds: [] });
    expect(live(world.consoleKey.id)).toBe(true);
    now += HOUR;
    const named = await runAt({ rotateEvery: '7d', revokeKeyIds: [world.consoleKey.id] });
    expect(named.report?.idle).toBeUndefined();
    expect(named.report?.revokedKeyIds).toContain(world.consoleKey.id);
    // An orphan newer than the key the targets hold (a crashed run's create): a full run settles it.
    now += HOUR;
    const orphan = world.platform.createKey(`${first.report!.family}-20260302T110000Z-zzzz`);
    const settled = await runAt({ rotateEvery: '7d' });
    expect(settled.report?.idle).toBeUndefined();
    expect(live(orphan.id)).toBe(false);
    checkInvariants(world, settled);
  });

  it('two runs of a due key started together: one rotates, the other finds the key no longer due under the lease', async () => {
    await runAt({});
    now += 8 * DAY;
    const fast = { pollMs: 20, confirmMs: 20, settleMs: 0 };
    const both = await Promise.all(
      ['run A', 'run B'].map((holder) =>
        runRotation(world, {
          record: RECORD,
          apiKey: current,
          keep: 2,
          revokeKeyIds: [],
          rotateEvery: '7d',
          now: () => new Date(now),
          lease: { ...fast, holder },
        }),
      ),
    );
    for (const run of both) expect(run.error?.message).toBeUndefined();
    expect(both.filter((run) => run.report?.keyId !== undefined)).toHaveLength(1);
    expect(both.filter((run) => run.report?.idle?.reason === 'not-due')).toHaveLength(1);
    const rotated = both.find((run) => run.report?.keyId !== undefined)!;
    expect(world.held()).toEqual([rotated.createdValues[0], rotated.createdValues[0]]);
    expect((await world.variables()).some((v) => v.name.startsWith('KEYTURN_LEASE_'))).toBe(false);
  });

  it('refuses a duration it cannot read, and rotateEvery without a record, before any request', async () => {
    const before = world.requests.length;
    for (const [overrides, pattern] of [
      [
        { rotateEvery: '1w' },
        /rotateEvery is "1w", not a duration: write a whole number with a unit, m \(minutes\), h \(hours\) or d \(days\), as 90m, 12h or 7d/,
      ],
      [{ revokeAfter: '0m' }, /revokeAfter is "0m"; it must be between 1m and 366d/],
      [{ rotateEvery: '7d', record: false as const }, /rotateEvery needs a record/],
    ] as const) {
      await expect(runRotation(world, { ...overrides, record: 'record' in overrides ? overrides.record : RECORD })).rejects.toSatisfy(
        (error: unknown) => error instanceof OptionError && pattern.test(error.message),
      );
    }
    expect(world.requests.length).toBe(before);
  });

  it("an idle run warns of another family's record it cannot read, as a full run does (seed 500000407)", async () => {
    await runAt({ rotateEvery: '7d', targets: [REPO] });
    const before = new Set((await world.variables()).map((v) => v.name));
    await runAt({ targets: [ENV] });
    const other = (await world.variables()).find((v) => v.name.startsWith('KEYTURN_RECORD_') && !before.has(v.name))!;
    const path = `/repos/acme/web/actions/variables/${other.name}`;
    expect((await world.githubApi('PATCH', path, { name: other.name, value: '{"keyturn": 2, "targets": ' })).status).toBe(204);
    now += HOUR;
    const idle = await runAt({ rotateEvery: '7d', targets: [REPO] });
    expect(idle.error?.message).toBeUndefined();
    expect(idle.report?.idle?.reason).toBe('not-due');
    expect(idle.report?.notices).toEqual([
      expect.objectContaining({
        code: 'unreadable-other-record',
        variable: other.name,
        actions: [{ do: 'fix-other-record', variable: other.name }],
      }),
    ]);
  });

  it('a dry run plans the rotation whatever the clock says', async () => {
    await runAt({ rotateEvery: '7d' });
    now += HOUR;
    const dry = await runAt({ rotateEvery: '7d', dryRun: true });
    expect(dry.report?.dryRun).toBe(true);
    expect(dry.report?.plan?.keyName).toBeTruthy();
  });
});

describe('revokeAfter', () => {
  it('keeps a superseded key valid until its deadline, kept in the record, and the first run at or after it revokes it', async () => {
    const old = world.currentKey.id;
    const first = await runAt({ rotateEvery: '7d', revokeAfter: '24h' });
    expect(first.error?.message).toBeUndefined();
    expect(live(old), 'superseded, not yet revoked').toBe(true);
    const deadline = new Date(now + DAY).toISOString();
    expect(first.report?.revocationsDue).toEqual([{ keyId: old, keyName: world.currentKey.name, dueAt: deadline }]);
    const stored = (await world.variables()).find((v) => v.name.startsWith('KEYTURN_RECORD_'))!;
    expect(JSON.parse(stored.value)).toMatchObject({ keyturn: 3, due: { [old]: deadline } });

    now += 23 * HOUR + 59 * 60_000;
    const early = await runAt({ rotateEvery: '7d', revokeAfter: '24h' });
    expect(early.report?.idle?.reason).toBe('not-due');
    expect(live(old), 'a minute before its deadline').toBe(true);
    expect(early.report?.revocationsDue).toEqual([{ keyId: old, keyName: world.currentKey.name, dueAt: deadline }]);

    now += 60_000;
    const onTime = await runAt({ rotateEvery: '7d', revokeAfter: '24h' });
    expect(onTime.error?.message).toBeUndefined();
    expect(onTime.report?.idle?.reason).toBe('not-due');
    expect(onTime.report?.revokedKeyIds).toEqual([old]);
    expect(onTime.report?.revocationsDue).toEqual([]);
    expect(live(old)).toBe(false);
    // A no-op run that revokes costs the listing and the revocation, and reads the record only.
    expect(requestsOf(onTime, 'platform').map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api_keys', `DELETE /api_keys/${old}`]);
    expect(requestsOf(onTime, 'github')).toHaveLength(1);
    checkInvariants(world, onTime);
  });

  it('a rotation itself revokes a key whose deadline has passed, and leaves one whose deadline has not', async () => {
    const old = world.currentKey.id;
    await runAt({ revokeAfter: '24h' });
    const second = keyIdOf(current);
    now += 30 * HOUR;
    const run = await runAt({ revokeAfter: '24h' });
    expect(run.report?.revokedKeyIds).toEqual([old]);
    expect(live(second), 'superseded now: its deadline is a day away').toBe(true);
    expect(run.report?.revocationsDue?.map((d) => d.keyId)).toEqual([second]);
    checkInvariants(world, run);
  });

  it('keep and revokeAfter: the later wins, when keep lets a key go first', async () => {
    const k0 = world.currentKey.id;
    await runAt({ keep: 2, revokeAfter: '3d' });
    const k1 = keyIdOf(current);
    now += DAY;
    await runAt({ keep: 2, revokeAfter: '3d' });
    const k2 = keyIdOf(current);
    now += DAY;
    const third = await runAt({ keep: 2, revokeAfter: '3d' });
    // keep 2 lets k0 and k1 go; their deadlines (3 days after each was superseded) have not passed.
    expect([live(k0), live(k1), live(k2)]).toEqual([true, true, true]);
    expect(third.report?.revocationsDue?.map((d) => d.keyId)).toEqual([k0, k1, k2]);
    now += DAY;
    const fourth = await runAt({ keep: 2, revokeAfter: '3d', rotateEvery: '7d' });
    expect(fourth.report?.idle?.reason).toBe('not-due');
    expect(fourth.report?.revokedKeyIds).toEqual([k0]);
    expect([live(k0), live(k1), live(k2)]).toEqual([false, true, true]);
    checkInvariants(world, fourth);
  });

  it('keep and revokeAfter: the later wins, when the deadline passes first', async () => {
    const k0 = world.currentKey.id;
    await runAt({ keep: 2, revokeAfter: '1h', rotateEvery: '1d' });
    const k1 = keyIdOf(current);
    now += 2 * HOUR;
    // k0's deadline passed, but keep 2 holds it as the previous key: no run revokes it yet.
    const idle = await runAt({ keep: 2, revokeAfter: '1h', rotateEvery: '1d' });
    expect(idle.report?.idle?.reason).toBe('not-due');
    expect(idle.report?.revokedKeyIds).toEqual([]);
    expect(live(k0)).toBe(true);
    now += DAY;
    const next = await runAt({ keep: 2, revokeAfter: '1h', rotateEvery: '1d' });
    expect(next.report?.idle).toBeUndefined();
    expect(next.report?.revokedKeyIds).toEqual([k0]);
    expect(live(k1), 'kept by keep, its deadline an hour away').toBe(true);
    checkInvariants(world, next);
  });

  it("another family's key superseded by a run taking over its target waits for its deadline too (seed 510000387)", async () => {
    const first = await runAt({ targets: [REPO], revokeAfter: '1h' });
    const family = first.report!.family;
    await runAt({ targets: [ENV], revokeAfter: '1h' });
    const other = keyIdOf(current);
    now += HOUR;
    // The family of REPO takes over ENV: the other family's key, held there until now, is superseded.
    const takeover = await runAt({ targets: [REPO, ENV], family, revokeAfter: '1h', rotateEvery: '1d' });
    expect(takeover.error?.message).toBeUndefined();
    expect(live(other)).toBe(true);
    expect(takeover.report?.revocationsDue).toContainEqual(
      expect.objectContaining({ keyId: other, dueAt: new Date(now + HOUR).toISOString() }),
    );
    now += HOUR / 2;
    const early = await runAt({ targets: [REPO, ENV], family, revokeAfter: '1h', rotateEvery: '1d' });
    expect(early.report?.idle?.reason).toBe('not-due');
    expect(live(other)).toBe(true);
    // The first run at or after the deadline, a no-op of the clock, revokes it and deletes that family's record.
    now += HOUR / 2;
    const due = await runAt({ targets: [REPO, ENV], family, revokeAfter: '1h', rotateEvery: '1d' });
    expect(due.report?.idle?.reason).toBe('not-due');
    expect(due.report?.revokedKeyIds).toContain(other);
    expect(live(other)).toBe(false);
    expect((await world.variables()).filter((v) => v.name.startsWith('KEYTURN_RECORD_'))).toHaveLength(1);
    checkInvariants(world, due);
  });

  it("another family's key whose last target is retired waits for its deadline too (seeds 600002245, 600006689)", async () => {
    const first = await runAt({ targets: [REPO], revokeAfter: '1h' });
    const family = first.report!.family;
    await runAt({ targets: [ENV], revokeAfter: '1h' });
    const other = keyIdOf(current);
    now += HOUR;
    // The user deletes the secret at ENV and retires it: a job that read it before may still use the other family's key.
    expect((await world.githubApi('DELETE', ENV_SECRET_PATH)).status).toBe(204);
    const retiring = await runAt({ targets: [REPO], family, retireTargets: [ENV], revokeAfter: '1h', rotateEvery: '1d' });
    expect(retiring.error?.message).toBeUndefined();
    expect(retiring.report?.revokedKeyIds).not.toContain(other);
    expect(live(other)).toBe(true);
    expect(retiring.report?.revocationsDue).toContainEqual(
      expect.objectContaining({ keyId: other, dueAt: new Date(now + HOUR).toISOString() }),
    );
    now += HOUR / 2;
    const early = await runAt({ targets: [REPO], family, revokeAfter: '1h', rotateEvery: '1d' });
    expect(early.report?.idle?.reason).toBe('not-due');
    expect(live(other)).toBe(true);
    // The first run at or after the deadline, a no-op of the clock, revokes it and deletes that family's record.
    now += HOUR / 2;
    const due = await runAt({ targets: [REPO], family, revokeAfter: '1h', rotateEvery: '1d' });
    expect(due.report?.idle?.reason).toBe('not-due');
    expect(due.report?.revokedKeyIds).toContain(other);
    expect(live(other)).toBe(false);
    expect((await world.variables()).filter((v) => v.name.startsWith('KEYTURN_RECORD_'))).toHaveLength(1);
    // ENV is gone, so not checkInvariants (both targets): the one left holds a working key, and no run said a key.
    expect(world.github.secretValue(REPO, SECRET)).toBe(current);
    expect(world.platform.isKeyValid(current)).toBe(true);
    const said = JSON.stringify([retiring, early, due].map((r) => [r.logs, r.report, r.error]));
    for (const value of [world.consoleKey.key, world.currentKey.key, ...retiring.createdValues]) expect(said).not.toContain(value);
  });

  it('a key a target put back in the list held until this run gets its deadline from this run, not an earlier one', async () => {
    await runAt({ targets: [REPO, ENV], revokeAfter: '1h' });
    const k1 = keyIdOf(current);
    now += 2 * HOUR;
    // ENV dropped from the list: it keeps k1, superseded at REPO now (due in an hour).
    await runAt({ targets: [REPO], revokeAfter: '1h' });
    now += 2 * HOUR;
    // ENV put back: its jobs used k1 until this run writes the new key there, so k1 is superseded there only now.
    const putBack = await runAt({ targets: [REPO, ENV], revokeAfter: '1h' });
    expect(putBack.error?.message).toBeUndefined();
    expect(putBack.report?.revokedKeyIds).not.toContain(k1);
    expect(live(k1), "ENV's jobs keep it for revokeAfter").toBe(true);
    expect(putBack.report?.revocationsDue).toContainEqual(
      expect.objectContaining({ keyId: k1, dueAt: new Date(now + HOUR).toISOString() }),
    );
    now += HOUR;
    const due = await runAt({ targets: [REPO, ENV], revokeAfter: '1h', rotateEvery: '1d' });
    expect(due.report?.idle?.reason).toBe('not-due');
    expect(due.report?.revokedKeyIds).toContain(k1);
    checkInvariants(world, due);
  });

  it('a leaked key ignores revokeAfter, as it ignores keep', async () => {
    await runAt({ revokeAfter: '24h' });
    const leaked = { id: keyIdOf(current), value: current };
    now += HOUR;
    const run = await runAt({ revokeAfter: '24h', rotateEvery: '7d', leakedKey: { fingerprint: keyFingerprint(leaked.value) } });
    expect(run.error?.message).toBeUndefined();
    expect(run.report?.idle).toBeUndefined();
    expect(run.report?.leak?.revoked).toBe(true);
    expect(live(leaked.id)).toBe(false);
    checkInvariants(world, run);
  });
});

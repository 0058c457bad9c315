// A record write the run gave up on may still land, after the run's later writes: GitHub's
// variables take no precondition (simulator seed 7745). The write before the key is made then puts
// back a record that predates the run's key; its `creating` mark tells the next run that every target
// it names may hold a live key of the family newer than that, so the key is neither revoked from
// under a dropped target nor denied its `keep` slot. The count of a lease taken over (stuck/), the
// other write before the key is made, carries the mark too: without it the key went at once as an
// orphan, whatever revokeAfter said (simulator seed 479).

import { describe, expect, it } from 'vitest';
import { leaseVariableName, writeLeaseText } from '../src/lease/lease-text.js';
import { readRecordText } from '../src/record/format.js';
import { abandoningFirstRecordPatch } from './abandoned-record-write.js';
import { checkInvariants } from './invariants.js';
import { runRotation } from './run.js';
import { ENV, REPO, SECRET, useFreshWorld, type World } from './world.js';

const record = { repository: 'acme/web' };

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

async function storedRecords(): Promise<Array<{ name: string; value: string }>> {
  return (await world.variables()).filter((v) => v.name.startsWith('KEYTURN_RECORD_'));
}

/**
 * A first run into the repository, then a second that adds the environment (keep 2): its record is
 * written before the key is made, and that write is given up on (`late.abandoned`, not landed yet).
 */
async function rotateWithRecordWriteGivenUp() {
  const first = await runRotation(world, { record, targets: [REPO] });
  expect(first.error?.message).toBeUndefined();
  const late = abandoningFirstRecordPatch();
  const second = await runRotation(world, {
    record,
    targets: [REPO, ENV],
    keep: 2,
    apiKey: world.github.secretValue(REPO, SECRET),
    github: world.githubOptions({ fetch: late.fetch }),
    revokeKeyIds: [],
  });
  expect(second.error?.message).toBeUndefined();
  return { first, second, late };
}

describe('a record write that lands after the run', () => {
  it('puts back the record of before the key, and the next run still protects and keeps that key', async () => {
    const { first, second, late } = await rotateWithRecordWriteGivenUp();
    expect(second.report!.family).toBe(first.report!.family);
    expect(late.abandoned).toHaveLength(1);
    const secondKey = second.report!.keyId!;
    const [before] = await storedRecords();

    // It lands now: the record names the environment with no key, and not the second run's key.
    const landed = await fetch(late.abandoned[0]!.url, late.abandoned[0]!.init);
    expect(landed.status).toBe(204);
    const [after] = await storedRecords();
    expect(after!.value).not.toBe(before!.value);
    const stale = readRecordText(after!.value);
    if (stale.kind !== 'record') throw new Error(`the landed record does not read: ${stale.kind}`);
    expect(stale.record.targets[ENV.toLowerCase()]?.keyIds).toEqual([]);
    expect(Object.keys(stale.record.fingerprints).map(Number)).not.toContain(secondKey);
    expect(stale.record.creatingAbove).toBeLessThan(secondKey);

    // The environment dropped (not retired) and keep 2: it holds the second key, which must stay valid.
    const third = await runRotation(world, {
      record,
      targets: [REPO],
      keep: 2,
      apiKey: world.github.secretValue(REPO, SECRET),
      revokeKeyIds: [],
    });
    expect(third.error?.message).toBeUndefined();
    expect(third.report!.revokedKeyIds).not.toContain(secondKey);
    expect(world.platform.isKeyValid(world.github.secretValue(ENV, SECRET)!)).toBe(true);
    expect(world.github.secretValue(ENV, SECRET)).toBe(second.createdValues[0]);
    expect(third.report!.warnings).toContainEqual(
      expect.stringMatching(`^Target ${ENV} is no longer in targets but may still hold key ${secondKey} `),
    );

    // The mark is gone once a run has named the key: the record says what the targets may hold.
    const [settled] = await storedRecords();
    const read = readRecordText(settled!.value);
    if (read.kind !== 'record') throw new Error(`the record does not read: ${read.kind}`);
    expect(read.record.creatingAbove).toBeUndefined();
    expect(read.record.targets[ENV.toLowerCase()]?.keyIds).toEqual([secondKey]);
    const said = JSON.stringify([first, second, third].map((r) => [r.logs, r.report]));
    for (const value of [...first.createdValues, ...second.createdValues, ...third.createdValues]) expect(said).not.toContain(value);
  });

  it('keeps the key the targets hold for keep 2, though the record put back names only the key before it', async () => {
    const { first, second, late } = await rotateWithRecordWriteGivenUp();
    expect((await fetch(late.abandoned[0]!.url, late.abandoned[0]!.init)).status).toBe(204);

    // Both targets hold the second key, which a job may still be using: keep 2 keeps it.
    const third = await runRotation(world, {
      record,
      targets: [REPO, ENV],
      keep: 2,
      apiKey: world.github.secretValue(REPO, SECRET),
      revokeKeyIds: [],
    });
    expect(third.error?.message).toBeUndefined();
    expect(third.report!.revokedKeyIds).not.toContain(second.report!.keyId);
    expect(world.platform.isKeyValid(second.createdValues[0]!)).toBe(true);
    // The run after converges to keep 2: its key and the third's.
    const fourth = await runRotation(world, {
      record,
      targets: [REPO, ENV],
      keep: 2,
      apiKey: world.github.secretValue(REPO, SECRET),
      revokeKeyIds: [],
    });
    expect(fourth.error?.message).toBeUndefined();
    const live = world.platform
      .listKeys()
      .filter((k) => !k.revoked && k.name.startsWith(`${first.report!.family}-`))
      .map((k) => k.id);
    expect(live.sort((a, b) => a - b)).toEqual([third.report!.keyId, fourth.report!.keyId]);
  });
});

describe('the count of a lease taken over, landing after the run (seed 479)', () => {
  it("puts back the record of before the run's key, marked, so the next run gives that key its deadline", async () => {
    const first = await runRotation(world, { record, revokeAfter: '2h', revokeKeyIds: [] });
    expect(first.error?.message).toBeUndefined();
    // The lease of a run killed an hour ago, never released (on the wall clock, as the lease runs).
    const planted = await world.githubApi('POST', '/repos/acme/web/actions/variables', {
      name: leaseVariableName(SECRET, 'personal'),
      value: writeLeaseText({
        holder: 'a killed run',
        nonce: 'theirs',
        state: 'held',
        started: new Date(Date.now() - 3_600_000).toISOString(),
        expires: new Date(Date.now() - 60_000).toISOString(),
      }),
    });
    expect(planted.status).toBe(201);
    // The run that takes it over counts that in the record before it makes its key: that write is given up on.
    const late = abandoningFirstRecordPatch();
    const second = await runRotation(world, {
      record,
      revokeAfter: '2h',
      revokeKeyIds: [],
      apiKey: world.github.secretValue(REPO, SECRET),
      github: world.githubOptions({ fetch: late.fetch }),
      lease: { pollMs: 20, confirmMs: 20, settleMs: 0 },
    });
    expect(second.error?.message).toBeUndefined();
    expect(second.logs.some((l) => l.message.includes('did not release its lease'))).toBe(true);
    const secondKey = second.report!.keyId!;
    expect(world.held()).toEqual([second.createdValues[0], second.createdValues[0]]);

    // It lands now: the count, on the record as the first run left it, which names no key of the second.
    expect(late.abandoned).toHaveLength(1);
    expect((await fetch(late.abandoned[0]!.url, late.abandoned[0]!.init)).status).toBe(204);
    const [stale] = await storedRecords();
    const read = readRecordText(stale!.value);
    if (read.kind !== 'record') throw new Error(`the landed record does not read: ${read.kind}`);
    expect(read.record.failures).toMatchObject({ code: 'lease-taken-over', count: 1 });
    expect(read.record.targets[REPO.toLowerCase()]?.keyIds).not.toContain(secondKey);
    expect(Object.keys(read.record.fingerprints).map(Number)).not.toContain(secondKey);
    expect(read.record.creatingAbove).toBeLessThan(secondKey);

    // Every target held the second key: the next run supersedes it, and it stays valid until its deadline.
    const third = await runRotation(world, {
      record,
      revokeAfter: '2h',
      revokeKeyIds: [],
      apiKey: world.github.secretValue(REPO, SECRET),
    });
    expect(third.error?.message).toBeUndefined();
    expect(third.report!.revokedKeyIds).not.toContain(secondKey);
    expect(world.platform.isKeyValid(second.createdValues[0]!)).toBe(true);
    expect(third.report!.revocationsDue?.map((d) => d.keyId)).toContain(secondKey);
    checkInvariants(world, third);
  });
});

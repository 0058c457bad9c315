// The lease (README, "Concurrent rotations"): two runs of one secret started together, with no
// concurrency group, never write at once: one waits for the other, then rotates on what it left.
// A lease held past the wait stops the run before anything changes; a lapsed one is taken over; a
// create whose answer was lost is recognised as the run's own; a run whose write got no answer
// leaves its lease until that write can no longer land.

import { describe, expect, it } from 'vitest';
import { leaseVariableName, writeLeaseText } from '../src/lease/lease-text.js';
import { runRotation } from './run.js';
import { ENV, REPO, SECRET, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((w) => {
  world = w;
});

const record = { repository: 'acme/web' };
const LEASE = leaseVariableName(SECRET, 'personal');
const VARIABLES = '/repos/acme/web/actions/variables';
const fast = { pollMs: 20, confirmMs: 20, settleMs: 0 };

const leaseValue = async () => {
  const answer = await world.githubApi('GET', `${VARIABLES}/${LEASE}`);
  return answer.status === 200 ? ((await answer.json()) as { value: string }).value : undefined;
};
const plantLease = (fields: { holder: string; started: string; expires: string; state?: 'held' | 'settling' }) =>
  world.githubApi('POST', VARIABLES, { name: LEASE, value: writeLeaseText({ nonce: 'theirs', state: 'held', ...fields }) });
const working = (target: string) => world.platform.isKeyValid(world.github.secretValue(target, SECRET)!);
const said = (run: Awaited<ReturnType<typeof runRotation>>) => run.logs.map((l) => l.message).join('\n');

describe('the lease: one writer at a time', () => {
  it('two runs started together: one waits for the other, both end well, every target works, the lease is gone', async () => {
    for (const keep of [1, 2]) {
      const apiKey = world.github.secretValue(REPO, SECRET)!;
      const [a, b] = await Promise.all([
        runRotation(world, { record, apiKey, keep, revokeKeyIds: [], lease: { ...fast, holder: 'run A' } }),
        runRotation(world, { record, apiKey, keep, revokeKeyIds: [], lease: { ...fast, holder: 'run B' } }),
      ]);
      // The run that rotated first, and the other (which stood down, or rotated after it).
      const keyOf = (r: typeof a) => r.report?.keyId ?? Number.POSITIVE_INFINITY;
      const [first, second] = keyOf(a) <= keyOf(b) ? [a, b] : [b, a];
      expect(first.error?.message, `keep ${keep}`).toBeUndefined();
      if (keep === 1) {
        // The first revoked the key both started with: the second stands down, nothing changed.
        expect(second.error).toMatchObject({ code: 'stood-down', step: 'preflight' });
        expect(second.error!.message).toMatch(
          /rotated it since this run began.*this run stood down\. Nothing was changed, and nothing is left to do/,
        );
        expect(second.createdValues).toEqual([]);
      } else {
        // The key both started with stays valid (keep 2): the second waited (or came just after), read
        // everything again under the lease, and rotated.
        expect(said(second)).toMatch(
          /Waited \d+ s for the run run [AB] \(started [^)]+\) to end, then took the lease|changed since this run read them/,
        );
        expect(second.error?.message).toBeUndefined();
        expect(said(second)).toMatch(/changed since this run read them .*reading them again, under the lease/);
      }
      for (const target of [REPO, ENV]) expect(working(target), `${target}, keep ${keep}`).toBe(true);
      expect(await leaseValue()).toBeUndefined();
    }
  });

  it('a lease another run holds past the wait: the run stops with lease-held, naming the holder, before anything changes', async () => {
    const started = new Date(Date.now() - 60_000).toISOString();
    await plantLease({
      holder: 'https://github.com/acme/web/actions/runs/7',
      started,
      expires: new Date(Date.now() + 600_000).toISOString(),
    });
    const keysBefore = world.platform.listKeys().length;
    const secretBefore = world.github.secretValue(REPO, SECRET);
    const run = await runRotation(world, { record, lease: { ...fast, waitMs: 1000 } });
    expect(run.error).toMatchObject({ code: 'lease-held', step: 'preflight' });
    expect(run.error!.message).toMatch(
      new RegExp(
        `Another run of ${SECRET} \\(https://github.com/acme/web/actions/runs/7, started ${started}\\) held its lease .*Nothing was changed.*lapses at`,
      ),
    );
    expect(said(run)).toMatch(/holds its lease KEYTURN_LEASE_NEON_API_KEY_\w+: waiting for it/);
    expect(world.platform.listKeys().length).toBe(keysBefore);
    expect(world.github.secretValue(REPO, SECRET)).toBe(secretBefore);
    expect(JSON.parse((await leaseValue())!).nonce).toBe('theirs');
  });

  it('a lapsed lease (its holder crashed) is taken over, the takeover said, and released at the end', async () => {
    await plantLease({
      holder: 'run that crashed',
      started: new Date(Date.now() - 3_600_000).toISOString(),
      expires: new Date(Date.now() - 60_000).toISOString(),
    });
    const run = await runRotation(world, { record, lease: fast });
    expect(run.error?.message).toBeUndefined();
    expect(said(run)).toMatch(
      /The run run that crashed \(started [^)]+\) did not release its lease .*this run took it over once it lapsed/,
    );
    expect(await leaseValue()).toBeUndefined();
  });

  it("a create whose answer was lost is the run's own lease (its nonce), not another run's", async () => {
    world.github.faults.add({ kind: 'reply-lost', method: 'POST', path: VARIABLES, times: 1 });
    const run = await runRotation(world, { record, lease: { ...fast, waitMs: 100 } });
    expect(run.error?.message).toBeUndefined();
    expect(said(run)).not.toMatch(/waiting for it|took it over/);
    // The lost answer is a write that got none: the lease is left to lapse (settleMs 0: at once).
    expect(JSON.parse((await leaseValue())!).state).toBe('settling');
  });

  it('a run whose secret write got no answer leaves its lease settling; the next run waits until it lapses', async () => {
    world.github.faults.add({ kind: 'drop', method: 'PUT', path: '/repos/acme/web/actions/secrets/*', times: 1 });
    const first = await runRotation(world, { record, lease: { ...fast, settleMs: 300 } });
    expect(first.error?.message).toBeUndefined();
    expect(said(first)).toMatch(/got no answer and may still land: its lease \w+ stays until it no longer can/);
    expect(JSON.parse((await leaseValue())!).state).toBe('settling');
    const second = await runRotation(world, { record, apiKey: world.github.secretValue(REPO, SECRET)!, revokeKeyIds: [], lease: fast });
    expect(second.error?.message).toBeUndefined();
    expect(said(second)).toMatch(/Took over the lease of .* once the writes it got no answer to could no longer land/);
    expect(await leaseValue()).toBeUndefined();
  });

  it('a dry run takes no lease', async () => {
    await plantLease({ holder: 'another run', started: new Date().toISOString(), expires: new Date(Date.now() + 600_000).toISOString() });
    const run = await runRotation(world, { record, dryRun: true, lease: { ...fast, waitMs: 0 } });
    expect(run.error?.message).toBeUndefined();
  });
});

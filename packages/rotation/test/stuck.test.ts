// A stuck family (README, "A stuck family"; issue 33, items 3 and 4): the same failure in
// STUCK_AFTER_RUNS runs in a row, or an emergency rotation that leaves its leaked key valid, marks the
// family's record; later runs make no key, in two GitHub requests and no platform request, and keep
// one issue open in the record's repository (updated once a day, with the webhook); `acknowledge`
// clears the mark, the run rotates, and closes the issue. Real clients against the emulators.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acknowledgeStuck, STUCK_AFTER_RUNS } from '../src/index.js';
import { checkInvariants } from './invariants.js';
import { leaseVariableName, writeLeaseText } from '../src/lease/lease-text.js';
import { type RotationRun, runRotation } from './run.js';
import { ENV_SECRET_PATH, SECRET, startWorld, TARGETS, type World } from './world.js';

const HOUR = 3_600_000;
const RECORD = { repository: 'acme/web' };
const RUN_URL = 'https://github.com/acme/web/actions/runs/42';

let world: World;
let now: number;
let current: string;
let notifyUrl: string;

beforeEach(async () => {
  // From the wall clock: GitHub's emulator dates the issue by it, and the runs' clock moves on from there.
  now = Date.now();
  world = await startWorld({ clock: () => now });
  current = world.currentKey.key;
  notifyUrl = `${world.github.controlUrl}/webhooks/team-channel`;
});
afterEach(() => world.close());

async function runAt(overrides: Parameters<typeof runRotation>[1] = {}): Promise<RotationRun> {
  const run = await runRotation(world, {
    record: RECORD,
    apiKey: current,
    now: () => new Date(now),
    runUrl: RUN_URL,
    notifyUrl,
    ...overrides,
  });
  if (run.report?.keyId !== undefined && run.createdValues[0]) current = run.createdValues[0];
  return run;
}

const requestsOf = (run: RotationRun, service: 'platform' | 'github') =>
  world.requests.slice(run.requestsBefore).filter((r) => r.service === service);
const issues = () => world.github.issues('acme/web');
const storedRecord = async () => {
  const variable = (await world.variables()).find((v) => v.name.startsWith('KEYTURN_RECORD'));
  return JSON.parse(variable!.value) as Record<string, unknown>;
};
/** Every value a key of this world ever had: none may appear in an issue, a webhook or a log line. */
const keyValues = () => [world.consoleKey.key, world.currentKey.key, current];

function expectNoKeyValue(texts: string[], values: string[]): void {
  for (const value of values) for (const text of texts) expect(text.includes(value), 'a key value was written').toBe(false);
}

describe('a stuck family', () => {
  it('the same failure in a row gets it stuck: one issue, no key until acknowledged, then a rotation closes the issue', async () => {
    const first = await runAt();
    expect(first.error?.message).toBeUndefined();
    const made: string[] = [...first.createdValues];

    // The environment's secret refuses every write: each run rolls back, and counts.
    const refused = world.github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: ENV_SECRET_PATH, times: 'always' });
    for (let run = 1; run <= STUCK_AFTER_RUNS; run++) {
      now += HOUR;
      const failed = await runAt();
      made.push(...failed.createdValues);
      expect(failed.error?.code).toBe('target-failed');
      expect((await storedRecord()).failures).toMatchObject({ code: 'target-failed', count: run });
      expect(issues()).toHaveLength(run < STUCK_AFTER_RUNS ? 0 : 1);
      checkInvariants(world, failed);
      if (run === STUCK_AFTER_RUNS) {
        expect(failed.error?.report.notices.map((n) => n.code)).toContain('repeated-failure');
        const stored = await storedRecord();
        expect(stored.keyturn).toBe(4);
        expect(stored.stuck).toMatchObject({
          runUrl: RUN_URL,
          notice: { code: 'repeated-failure', failure: 'target-failed', runs: STUCK_AFTER_RUNS },
        });
      }
    }
    world.github.faults.remove(refused);
    const [issue] = issues();
    expect(issue).toMatchObject({ state: 'open', labels: ['keyturn-stuck'] });
    expect(issue!.title).toMatch(/^keyturn: family .+ is stuck \(repeated-failure\)$/);
    expect(issue!.body).toContain('acknowledge');
    expect(issue!.body).toContain(RUN_URL);
    expect(world.github.webhooks()).toHaveLength(1);
    expect(world.github.webhooks()[0]).toMatchObject({ name: 'team-channel', body: { reason: 'repeated-failure', runUrl: RUN_URL } });
    expect(world.github.webhooks()[0]!.body.text).toEqual(expect.stringContaining('is stuck'));

    // The cause is gone, but the family stays stuck: no key, two GitHub requests, none to the platform.
    now += HOUR;
    const keysBefore = world.platform.listKeys().length;
    const blocked = await runAt();
    expect(blocked.error?.code).toBe('stuck');
    expect(blocked.error?.actions).toContainEqual({ do: 'acknowledge' });
    expect(blocked.error?.report.notices.map((n) => n.code)).toEqual(['stuck']);
    expect(requestsOf(blocked, 'platform')).toEqual([]);
    expect(requestsOf(blocked, 'github').map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/web/actions/variables',
      'GET /repos/acme/web/issues',
    ]);
    expect(world.platform.listKeys()).toHaveLength(keysBefore);
    expect(world.github.webhooks()).toHaveLength(1);

    // A day later the issue is updated (not a second one), and the webhook posted again.
    now += 25 * HOUR;
    const dayLater = await runAt();
    expect(dayLater.error?.code).toBe('stuck');
    expect(issues()).toHaveLength(1);
    expect(issues()[0]!.body).toContain('Still stuck at');
    expect(world.github.webhooks()).toHaveLength(2);

    // Acknowledged: the mark goes, the run rotates, and its success closes the issue.
    now += HOUR;
    const acknowledged = await runAt({ acknowledge: true });
    expect(acknowledged.error?.message).toBeUndefined();
    made.push(...acknowledged.createdValues);
    expect(acknowledged.report?.keyId).toBeGreaterThan(0);
    expect(acknowledged.report?.notices.map((n) => n.code)).toContain('stuck-acknowledged');
    expect(issues()).toMatchObject([{ state: 'closed' }]);
    const stored = await storedRecord();
    expect(stored.keyturn).toBe(2);
    expect(stored).not.toHaveProperty('stuck');
    expect(stored).not.toHaveProperty('failures');
    expect(stored).not.toHaveProperty('recovered');
    checkInvariants(world, acknowledged);

    // No key value in the issue, the webhooks or any log line.
    const logs = [first, blocked, dayLater, acknowledged].flatMap((r) => r.logs.map((l) => l.message));
    expectNoKeyValue(
      [...issues().map((i) => `${i.title}\n${i.body}`), JSON.stringify(world.github.webhooks()), ...logs],
      [...keyValues(), ...made],
    );
  });

  it('keyturn acknowledge clears the mark alone: the next run rotates and closes the issue', async () => {
    await runAt();
    const refused = world.github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: ENV_SECRET_PATH, times: 'always' });
    for (let run = 1; run <= STUCK_AFTER_RUNS; run++) await runAt();
    world.github.faults.remove(refused);
    expect(issues()).toMatchObject([{ state: 'open' }]);

    const keysBefore = world.platform.listKeys().length;
    const acknowledged = await acknowledgeStuck({
      apiKey: current,
      client: world.client(current),
      github: world.githubOptions(),
      targets: TARGETS,
      secretName: SECRET,
      record: RECORD,
      lease: { ttlMs: 0, confirmMs: 0, settleMs: 0 },
    });
    expect(acknowledged.acknowledged).toMatchObject({ reason: 'repeated-failure' });
    expect(world.platform.listKeys()).toHaveLength(keysBefore);
    expect(issues()).toMatchObject([{ state: 'open' }]);
    expect(await storedRecord()).toMatchObject({ keyturn: 2, recovered: { reason: 'repeated-failure' } });

    // Not due by the clock, yet it rotates: the acknowledgement's first success closes the issue.
    now += HOUR;
    const next = await runAt({ rotateEvery: '7d' });
    expect(next.error?.message).toBeUndefined();
    expect(next.report?.keyId).toBeGreaterThan(0);
    expect(issues()).toMatchObject([{ state: 'closed' }]);
  });

  it('an emergency rotation that cannot revoke the leaked key gets stuck at once', async () => {
    const first = await runAt();
    const leakedId = first.report!.keyId!;
    world.platform.faults.add({ kind: 'status', status: 500, method: 'DELETE', path: `/api_keys/${leakedId}`, times: 'always' });
    now += HOUR;
    const emergency = await runAt({ leakedKey: { id: leakedId } });
    expect(emergency.error?.code).toBe('leaked-key-left');
    expect((await storedRecord()).stuck).toMatchObject({ notice: { code: 'leaked-key-valid', keyIds: [leakedId] } });
    expect(issues()).toHaveLength(1);
    expect(issues()[0]!.title).toContain('(leaked-key-valid)');
    expect(issues()[0]!.body).toContain('Revoke it in the platform console');
  });

  it('runs that each take over a lease never released (their holders killed) get it stuck, the third one making no key', async () => {
    await runAt();
    const lease = leaseVariableName(SECRET, 'personal');
    const plantLapsed = () =>
      // The lease runs on the wall clock (the runs' runtime), whatever the test's clock says.
      world.githubApi('POST', '/repos/acme/web/actions/variables', {
        name: lease,
        value: writeLeaseText({
          holder: 'a killed run',
          nonce: 'theirs',
          state: 'held',
          started: new Date(Date.now() - HOUR).toISOString(),
          expires: new Date(Date.now() - 60_000).toISOString(),
        }),
      });
    const fast = { pollMs: 20, confirmMs: 20, settleMs: 0 };
    for (let n = 1; n <= STUCK_AFTER_RUNS; n++) {
      now += HOUR;
      await plantLapsed();
      const keysBefore = world.platform.listKeys().length;
      // Each run but the last is killed too, once planned (an abort is not counted): only the takeovers count.
      const abort = new AbortController();
      const run = await runAt({
        lease: fast,
        signal: abort.signal,
        onLog: (entry) => n < STUCK_AFTER_RUNS && entry.message.startsWith('Plan:') && abort.abort(),
      });
      if (n < STUCK_AFTER_RUNS) {
        expect(run.error?.code).toBe('aborted');
        expect((await storedRecord()).failures).toMatchObject({ code: 'lease-taken-over', count: n });
      } else {
        expect(run.error?.code).toBe('stuck');
        expect(run.error?.report.notices).toMatchObject([{ code: 'lease-taken-over', runs: STUCK_AFTER_RUNS }]);
        expect(world.platform.listKeys()).toHaveLength(keysBefore);
      }
    }
    expect(issues()).toHaveLength(1);
    expect(issues()[0]!.title).toContain('(lease-taken-over)');
  });

  it('a later run opens a missing issue only under the lease: none while another run holds it, then one', async () => {
    // Stuck with no issue: the token that marked the family could not open one.
    world.github.addToken('ghp_reader_token_for_tests_0123456789', 'read');
    await runAt();
    const refused = world.github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: ENV_SECRET_PATH, times: 'always' });
    for (let run = 1; run <= STUCK_AFTER_RUNS; run++) await runAt({ issueToken: 'ghp_reader_token_for_tests_0123456789' });
    world.github.faults.remove(refused);
    expect((await storedRecord()).stuck).toBeDefined();
    expect(issues()).toEqual([]);

    // Another run of the family holds the lease, as the run that marks a family does while it opens
    // the issue (seed 600005388): the issue is left to it.
    const lease = leaseVariableName(SECRET, 'personal');
    const started = new Date(Date.now()).toISOString();
    const expires = new Date(Date.now() + HOUR).toISOString();
    await world.githubApi('POST', '/repos/acme/web/actions/variables', {
      name: lease,
      value: writeLeaseText({ holder: 'a run in flight', nonce: 'theirs', state: 'held', started, expires }),
    });
    now += HOUR;
    const whileHeld = await runAt();
    expect(whileHeld.error?.code).toBe('stuck');
    expect(issues()).toEqual([]);

    // The lease released: the next run opens the one issue, and leaves no lease behind.
    await world.githubApi('DELETE', `/repos/acme/web/actions/variables/${lease}`);
    now += HOUR;
    const free = await runAt();
    expect(free.error?.code).toBe('stuck');
    expect(issues()).toHaveLength(1);
    expect((await world.variables()).map((v) => v.name)).not.toContain(lease);
  });

  it('a failure to open the issue or post the webhook changes nothing of the outcome: a notice says so', async () => {
    world.github.addToken('ghp_reader_token_for_tests_0123456789', 'read');
    await runAt();
    const refused = world.github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: ENV_SECRET_PATH, times: 'always' });
    const badHook = `${world.github.controlUrl}/webhooks-missing/x`;
    let last: RotationRun | undefined;
    for (let run = 1; run <= STUCK_AFTER_RUNS; run++)
      last = await runAt({ issueToken: 'ghp_reader_token_for_tests_0123456789', notifyUrl: badHook });
    world.github.faults.remove(refused);
    expect(last!.error?.code).toBe('target-failed');
    expect(issues()).toEqual([]);
    const notices = last!.error!.report.notices.filter((n) => n.code === 'person-not-called');
    expect(notices).toMatchObject([
      { channel: 'issue', doing: 'open' },
      { channel: 'webhook', doing: 'post' },
    ]);
    expect((await storedRecord()).stuck).toBeDefined();
  });
});

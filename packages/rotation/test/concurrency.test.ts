// Rotations of one family that overlap (no workflow `concurrency:` group). A run never revokes a key
// of the family it did not see before it started (a concurrent run may be writing it), backs off
// before its first write when a newer key exists, and never writes the previous key back once a
// newer rotation took over. Two real runs interleave through FetchGates, in the order set here.

import { describe, expect, it } from 'vitest';
import { FetchGates } from './gated-fetch.js';
import { checkInvariants } from './invariants.js';
import { type RotationRun, runRotation } from './run.js';
import { ENV, ENV_SECRET_PATH, FAMILY, REPO, REPO_SECRET_PATH, SECRET, TARGETS, TOKEN, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

const isRevoked = (id: number | undefined) => world.platform.listKeys().find((k) => k.id === id)?.revoked;

function expectEveryTargetHoldsAWorkingKey(): void {
  for (const [i, value] of world.held().entries()) {
    expect(value && world.platform.isKeyValid(value), `${TARGETS[i]} holds a working key`).toBe(true);
  }
}

function expectNoLeaks(...runs: RotationRun[]): void {
  const secrets = [world.currentKey.key, world.consoleKey.key, TOKEN, ...runs.flatMap((r) => r.createdValues)];
  for (const run of runs) {
    const said = [...run.logs.map((l) => l.message), JSON.stringify(run.error ?? run.report)].join('\n');
    for (const secret of secrets) expect(said.includes(secret), 'a key value or token leaked').toBe(false);
  }
}

/** A key of the family appeared during the run: its revoke step revokes nothing, not even revokeKeyIds. */
const NOTHING_REVOKED = expect.stringMatching(
  /^A concurrent rotation of NEON_API_KEY ran during this run, so no key was revoked \(not \d+, \d+\): .*The next rotation finishes the job/,
);
function expectNothingRevoked(run: RotationRun): void {
  expect(run.report!.revokedKeyIds).toEqual([]);
  expect(isRevoked(world.currentKey.id)).toBe(false);
  expect(isRevoked(world.consoleKey.id)).toBe(false);
}

/** The next scheduled run, reading the repository's secret, leaves one key, held everywhere. */
async function expectNextRunConverges(): Promise<void> {
  const next = await runRotation(world, { apiKey: world.github.secretValue(REPO, SECRET)! });
  expect(next.error?.message).toBeUndefined();
  expect(world.held()).toEqual(TARGETS.map(() => next.createdValues[0]));
  expect(
    world.platform
      .listKeys()
      .filter((k) => !k.revoked)
      .map((k) => k.id),
  ).toEqual([next.report!.keyId]);
  checkInvariants(world, next);
}

describe('a key of the family appears during the run (another rotation made it)', () => {
  const appears = (when: RegExp) => {
    let foreign: { id: number } | undefined;
    const onLog = ({ message }: { message: string }) => {
      if (!foreign && when.test(message)) foreign = world.platform.createKey(`${FAMILY}-20991231T235959Z-zzzz`);
    };
    return { onLog, id: () => foreign!.id };
  };

  it('before this run creates its key: it is older, but left valid, since a target may get it', async () => {
    const foreign = appears(/^Plan: /);
    const run = await runRotation(world, { onLog: foreign.onLog });
    expect(run.error?.message).toBeUndefined();
    expect(isRevoked(foreign.id())).toBe(false);
    expectNothingRevoked(run);
    expect(run.report!.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Key ${foreign.id()} \\(${FAMILY}-.*\\) appeared during this run, from a concurrent rotation; the next rotation revokes it`,
        ),
      ),
      NOTHING_REVOKED,
    ]);
    checkInvariants(world, run, { foreignKeyIds: [foreign.id()] });
  });

  it('while this run verifies its key: it is newer, so this run backs off, writing nothing', async () => {
    const foreign = appears(/^Checking that key \d+ works/);
    const run = await runRotation(world, { onLog: foreign.onLog });
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(
      new RegExp(`A newer key of family ${FAMILY} exists: ${foreign.id()} .*wrote nothing and revoked its own new key`),
    );
    expect(run.error?.report.newKeyRevoked).toBe(true);
    expect(world.github.log.entries({ method: 'PUT' })).toEqual([]);
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
    expect(isRevoked(run.error!.report.keyId)).toBe(true);
    checkInvariants(world, run, { foreignKeyIds: [foreign.id()] });
  });

  it('after this run stored its key: it is newer, so it is never revoked, and the run says so', async () => {
    const foreign = appears(new RegExp(`^${ENV} holds the new key`));
    const run = await runRotation(world, { onLog: foreign.onLog });
    expect(run.error?.message).toBeUndefined();
    expect(isRevoked(foreign.id())).toBe(false);
    expect(isRevoked(run.report!.keyId)).toBe(false);
    expectNothingRevoked(run);
    expect(run.report!.warnings).toEqual([
      expect.stringMatching(new RegExp(`^Key ${foreign.id()} .* newer than this run's key ${run.report!.keyId}.*concurrency: group`)),
      NOTHING_REVOKED,
    ]);
    checkInvariants(world, run, { foreignKeyIds: [foreign.id()] });
  });
});

describe('two rotations started together, one a moment behind while the other is slowed by GitHub', () => {
  /**
   * Y lists the keys, then its create is held; X runs until its second write (it passed the
   * back-off check: no newer key existed) and is held there; then Y runs to its end.
   */
  async function interleave(beforeXWrites?: () => void): Promise<{ x: RotationRun; y: RotationRun }> {
    const [xGates, yGates] = [new FetchGates(), new FetchGates()];
    const yCreate = yGates.hold('POST', '/api_keys');
    const yRun = runRotation(world, { gates: yGates });
    await yCreate.reached;
    const xSlowWrite = xGates.hold('PUT', ENV_SECRET_PATH);
    const xRun = runRotation(world, { gates: xGates });
    await xSlowWrite.reached;
    yCreate.release();
    const y = await yRun;
    beforeXWrites?.();
    xSlowWrite.release();
    return { x: await xRun, y };
  }

  it('the write of the slow run lands last: nobody revoked its key, so every target holds a working key', async () => {
    const { x, y } = await interleave();
    expect(y.error?.message).toBeUndefined();
    expect(x.error?.message).toBeUndefined();
    expectEveryTargetHoldsAWorkingKey();
    expect(world.held()).toEqual([y.createdValues[0], x.createdValues[0]]);
    expect(y.report!.warnings).toContainEqual(
      expect.stringMatching(new RegExp(`^Key ${x.report!.keyId} .*appeared during this run, from a concurrent rotation`)),
    );
    expect(x.report!.warnings).toContainEqual(
      expect.stringMatching(new RegExp(`^Key ${y.report!.keyId} .*newer than this run's key ${x.report!.keyId}`)),
    );
    expectNoLeaks(x, y);
    await expectNextRunConverges();
  });

  it('the write of the slow run fails: it does not write back the key the newer run revoked', async () => {
    const { x, y } = await interleave(() => world.github.faults.add({ kind: 'status', status: 422, method: 'PUT', path: ENV_SECRET_PATH }));
    expect(y.error?.message).toBeUndefined();
    expect(x.error?.step).toBe('store');
    expect(x.error?.message).toMatch(
      new RegExp(
        `A newer key of family ${FAMILY} exists: ${y.report!.keyId} .*a concurrent rotation .*not written back.*new key ${x.report?.keyId ?? x.error!.report.keyId}, which stays valid`,
      ),
    );
    expect(x.error?.advice).toMatch(/concurrency: group/);
    expect(x.error?.report.newKeyRevoked).toBeUndefined();
    expect(isRevoked(x.report?.keyId ?? x.error!.report.keyId)).toBe(false);
    expectEveryTargetHoldsAWorkingKey();
    expect(world.held()).toEqual([y.createdValues[0], y.createdValues[0]]);
    expectNoLeaks(x, y);
    await expectNextRunConverges();
  });
});

describe('two real runs at once (moved from test/reliability/concurrency.test.ts; its queued runs of a concurrency: group are successive rotations, convergence.test.ts)', () => {
  /** One key, held by every target, and no other key of the family live. */
  function expectConverged(winner: RotationRun): void {
    expect(world.held()).toEqual(TARGETS.map(() => winner.createdValues[0]));
    expect(
      world.platform
        .listKeys()
        .filter((k) => !k.revoked && k.name.startsWith(`${FAMILY}-`))
        .map((k) => k.id),
    ).toEqual([winner.report!.keyId]);
  }

  it('started together, both keys created before either stores: the older yields, revokes its own key and writes nothing', async () => {
    const [xGates, yGates] = [new FetchGates(), new FetchGates()];
    // Each create takes effect at once; its reply waits until the other's key exists too.
    const created = [xGates.hold('POST', '/api_keys', 'reply'), yGates.hold('POST', '/api_keys', 'reply')];
    const runs = Promise.all([runRotation(world, { gates: xGates }), runRotation(world, { gates: yGates })]);
    await Promise.all(created.map((gate) => gate.reached));
    for (const gate of created) gate.release();
    const [x, y] = await runs;
    const [winner, loser] = x.error ? [y, x] : [x, y];
    expect(winner.error?.message).toBeUndefined();
    expect(loser.error?.message).toMatch(
      new RegExp(`A newer key of family ${FAMILY} exists.*revoked its own new key.*Nothing to do if the other rotation succeeds`),
    );
    expect(loser.error?.report.newKeyRevoked).toBe(true);
    // Only the winner wrote: one write a target.
    expect(world.github.log.entries({ method: 'PUT' })).toHaveLength(TARGETS.length);
    expectConverged(winner);
    expectNoLeaks(x, y);
  });

  it('one a moment behind, slowed between its writes while the other runs to the end: it stops before writing a key the other made stale', async () => {
    const [xGates, yGates] = [new FetchGates(), new FetchGates()];
    const xStores = xGates.hold('PUT', REPO_SECRET_PATH);
    const yCreates = yGates.hold('POST', '/api_keys');
    const xRun = runRotation(world, { gates: xGates });
    const yRun = runRotation(world, { gates: yGates });
    // X passed its back-off check (no newer key existed) and is storing; only now does Y create.
    await Promise.all([xStores.reached, yCreates.reached]);
    // X's check before its next write is slow (a rate limit, a slow network) while Y runs to the end.
    const xChecks = xGates.hold('GET', '/api_keys');
    xStores.release();
    yCreates.release();
    await xChecks.reached;
    const y = await yRun;
    xChecks.release();
    const x = await xRun;
    expect(y.error?.message).toBeUndefined();
    expect(x.error?.message).toMatch(/concurrency/);
    // X wrote the repository only; the environment was written by Y alone.
    expect(world.github.log.entries({ method: 'PUT', path: ENV_SECRET_PATH })).toHaveLength(1);
    expect(world.github.log.entries({ method: 'PUT', path: REPO_SECRET_PATH })).toHaveLength(2);
    expectEveryTargetHoldsAWorkingKey();
    expectNoLeaks(x, y);
    await expectNextRunConverges();
  });
});

describe('a newer rotation starts after this run created its key, and so will revoke it', () => {
  /**
   * X's create is answered but X is held there; Y lists the keys (X's key among them) and is held
   * at its create; X then verifies (no newer key yet), writes the repository and is held after it;
   * Y runs until `yStop` (its end, or its first write); then X goes on.
   */
  async function newerRunDuringWrites(yStop?: { method: string; path: string }) {
    const [xGates, yGates] = [new FetchGates(), new FetchGates()];
    const xCreated = xGates.hold('POST', '/api_keys', 'reply');
    const xRun = runRotation(world, { gates: xGates });
    await xCreated.reached;
    const yCreate = yGates.hold('POST', '/api_keys');
    const yRun = runRotation(world, { gates: yGates });
    await yCreate.reached;
    const xFirstWrite = xGates.hold('PUT', REPO_SECRET_PATH, 'reply');
    xCreated.release();
    await xFirstWrite.reached;
    const yHeld = yStop ? yGates.hold(yStop.method, yStop.path) : undefined;
    yCreate.release();
    if (yHeld) await yHeld.reached;
    else await yRun;
    xFirstWrite.release();
    const x = await xRun;
    yHeld?.release();
    return { x, y: await yRun };
  }

  it.each([
    { case: "the newer run finished and revoked this run's key", yStop: undefined, says: /The new key \d+ was revoked during this run/ },
    { case: 'the newer run is writing', yStop: { method: 'PUT', path: REPO_SECRET_PATH }, says: /A newer key of family \S+ exists/ },
  ])('$case: it stops writing, without a rollback, and leaves its key valid', async ({ yStop, says }) => {
    const { x, y } = await newerRunDuringWrites(yStop);
    expect(y.error?.message).toBeUndefined();
    expect(x.error?.step).toBe('store');
    expect(x.error?.message).toMatch(says);
    expect(x.error?.message).toMatch(
      /took over while this run was writing, so this run stopped writing: repo:acme\/web may hold the new key/,
    );
    expect(x.error?.advice).toMatch(/concurrency: group/);
    expect(x.error?.report).toMatchObject({ targets: [REPO] });
    expect(x.error?.report.restoredTargets).toBeUndefined();
    expect(x.error?.report.newKeyRevoked).toBeUndefined();
    // X never wrote the environment: only Y did.
    expect(world.github.log.entries({ method: 'PUT', path: ENV_SECRET_PATH })).toHaveLength(1);
    expectEveryTargetHoldsAWorkingKey();
    expect(world.held()).toEqual([y.createdValues[0], y.createdValues[0]]);
    expectNoLeaks(x, y);
    await expectNextRunConverges();
  });

  it('the check fails for good: nothing more is written, and the written target is named', async () => {
    const run = await runRotation(world, {
      onLog: ({ message }) => {
        if (message.startsWith(`${REPO} holds the new key`)) {
          world.platform.faults.add({ kind: 'status', status: 500, method: 'GET', path: '/api_keys', times: 'always' });
        }
      },
    });
    expect(run.error?.message).toMatch(/listing keys with the new key \d+ first, to check that no newer rotation runs, failed: .*500/);
    expect(run.error?.message).toMatch(/repo:acme\/web may hold the new key \d+, which stays valid/);
    expect(world.github.log.entries({ method: 'PUT', path: ENV_SECRET_PATH })).toEqual([]);
    checkInvariants(world, run);
  });

  it('a newer rotation starts while this run writes the previous key back: it stops writing back', async () => {
    // The environment's write lands and its answers are lost: both targets are to be given the previous key.
    world.github.faults.add({ kind: 'reply-lost', method: 'PUT', path: ENV_SECRET_PATH, times: 'always' });
    let foreign: { id: number } | undefined;
    const run = await runRotation(world, {
      onLog: ({ message }) => {
        if (!foreign && message === `Writing the previous key back to ${REPO}`) {
          foreign = world.platform.createKey(`${FAMILY}-20991231T235959Z-zzzz`);
        }
      },
    });
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(
      new RegExp(
        `A newer key of family ${FAMILY} exists: ${foreign!.id} .*not written back: ${ENV} may hold the new key \\d+, which stays valid`,
      ),
    );
    expect(run.error?.advice).toMatch(/concurrency: group/);
    expect(run.error?.report.restoredTargets).toEqual([REPO]);
    expect(run.error?.report.targets).toEqual([ENV]);
    expect(world.github.secretValue(REPO, SECRET)).toBe(world.currentKey.key);
    expect(world.github.secretValue(ENV, SECRET)).toBe(run.createdValues[0]);
    // The environment got the new key (retries included) and never the previous one back.
    const envWrites = world.github.log.entries({ method: 'PUT', path: ENV_SECRET_PATH }).length;
    expect(run.logs.map((l) => l.message)).not.toContain(`Writing the previous key back to ${ENV}`);
    expect(envWrites).toBeGreaterThan(0);
    checkInvariants(world, run, { foreignKeyIds: [foreign!.id] });
  });
});

it('an older run ends while a newer one writes the previous key back: the older run revokes nothing', async () => {
  const [aGates, bGates] = [new FetchGates(), new FetchGates()];
  const aEnvWrite = aGates.hold('PUT', ENV_SECRET_PATH);
  const aRun = runRotation(world, { gates: aGates });
  await aEnvWrite.reached;
  // B's environment write is refused: B writes the previous key back to the repository, held there.
  world.github.faults.add({ kind: 'status', status: 422, method: 'PUT', path: ENV_SECRET_PATH });
  const bNewKeyWrite = bGates.hold('PUT', REPO_SECRET_PATH);
  const bWriteBack = bGates.hold('PUT', REPO_SECRET_PATH);
  void bNewKeyWrite.reached.then(bNewKeyWrite.release);
  const bRun = runRotation(world, { gates: bGates });
  await bWriteBack.reached;
  aEnvWrite.release();
  const a = await aRun;
  bWriteBack.release();
  const b = await bRun;
  expect(a.error?.message).toBeUndefined();
  expectNothingRevoked(a);
  expect(a.report!.warnings).toContainEqual(NOTHING_REVOKED);
  expect(b.error?.message).toMatch(/The previous key was written back to repo:acme\/web and the new key \d+ was revoked/);
  expect(world.held()).toEqual([world.currentKey.key, a.createdValues[0]]);
  expectEveryTargetHoldsAWorkingKey();
  expectNoLeaks(a, b);
  await expectNextRunConverges();
});

describe('a write fails and the previous key cannot be proven to work', () => {
  it.each([
    {
      case: 'it was revoked during the run',
      before: (w: World) => w.client(w.consoleKey.key).apiKeys.revoke(w.currentKey.id),
      says: /The previous key no longer works \(it was revoked during this run\), so the previous key was not written back/,
    },
    {
      case: 'the platform cannot be asked',
      before: (w: World) => w.platform.faults.add({ kind: 'status', status: 500, method: 'GET', path: '/api_keys', times: 'always' }),
      says: /Checking that the previous key still works failed \(.*500.*\), so the previous key was not written back/,
    },
  ])('does not write the previous key back when $case', async ({ before, says }) => {
    // The second write is refused once the first target holds the new key.
    const gates = new FetchGates();
    const envWrite = gates.hold('PUT', ENV_SECRET_PATH);
    const running = runRotation(world, { gates });
    await envWrite.reached;
    await before(world);
    world.github.faults.add({ kind: 'status', status: 422, method: 'PUT', path: ENV_SECRET_PATH });
    envWrite.release();
    const run = await running;
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(says);
    expect(run.error?.message).toMatch(/repo:acme\/web may hold the new key \d+, which stays valid/);
    expect(world.github.secretValue(REPO, SECRET)).toBe(run.createdValues[0]);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(true);
    expect(world.github.log.entries({ method: 'PUT' }).filter((r) => r.path.endsWith('/actions/secrets/NEON_API_KEY'))).toHaveLength(1);
  });
});

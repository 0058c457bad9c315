// Issue 22: the target record's writes. A record bigger than one variable is spread over parts,
// read back whole, rewritten into the other slot and shrunk back to one variable; and a run
// SIGKILLed at each record write (the three save points of a one-variable record; between two parts,
// between the parts and the head, between the head and deleting the old parts of a record in parts)
// is followed by a run that converges: nobody locked out, no key held by nobody, nothing leaked.

import { startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { describe, expect, it, type TestContext } from 'vitest';
import { ROTATE_KEY, startAction } from './harness/action-process.js';
import { type DriftWorld, expectNobodyLockedOut, expectNoUnheldKey, HOME, startDriftWorld } from './harness/drift-world.js';
import { errorsOf, expectNoLeaks } from './harness/invariants.js';
import { readStoredRecord, recordVariables, writeStoredRecord } from './harness/record-variables.js';
import { armFault, untilHanging } from './harness/request-trace.js';
import { SECRET_NAME, WRITE_TOKEN } from './harness/rotation-rig.js';

const APP = 'repo:acme/app';
const PROD = 'env:acme/app:production';
const LISTED = [APP, PROD];
/** The size of a part (packages/rotation/src/record/parts.ts, PART_BYTES). */
const PART_BYTES = 48_000;
const VARIABLES = `/repos/${HOME}/actions/variables`;

async function world(onTestFinished: TestContext['onTestFinished']): Promise<DriftWorld> {
  const started = await startDriftWorld();
  onTestFinished(() => started.close());
  return started;
}

/**
 * One rotation over LISTED, then its record given `dropped` more targets it served earlier (since
 * dropped from the list, holding no live key): 1,000 of them take two parts, in slot A.
 */
async function bigRecordWorld(w: DriftWorld, dropped: number): Promise<{ head: string; dropped: string[] }> {
  w.seed(LISTED);
  const first = await w.rotate(LISTED).done;
  w.learn(first, LISTED);
  expect(errorsOf(first)).toEqual([]);
  const variables = await recordVariables(w.github.url, HOME);
  expect(variables.size).toBe(1);
  const [head] = [...variables.keys()] as [string];
  const { record } = readStoredRecord(variables, head);
  const names = Array.from({ length: dropped }, (_, i) => `repo:acme/retired-service-${String(i).padStart(4, '0')}-of-the-old-platform`);
  record.targets.push([[], names]);
  await writeStoredRecord(w.github.url, HOME, head, record, 'A', PART_BYTES);
  expect([...(await recordVariables(w.github.url, HOME)).keys()].sort()).toEqual([head, `${head}_PART_A1`, `${head}_PART_A2`]);
  return { head, dropped: names };
}

/** The record reads back whole (its parts match its hash), no stale part is left, and it names `identities`. */
async function expectRecordNames(w: DriftWorld, head: string, identities: readonly string[], parts: number): Promise<void> {
  const variables = await recordVariables(w.github.url, HOME);
  const { record, parts: named } = readStoredRecord(variables, head);
  expect(named, 'parts of the record').toHaveLength(parts);
  expect([...variables.keys()].sort(), 'the head and its parts, no other').toEqual([head, ...named].sort());
  expect(record.targets.flatMap(([, ids]) => ids).sort()).toEqual([...identities].sort());
}

const droppedWarnings = (run: { annotations: Array<{ level: string; message: string }> }) =>
  run.annotations.filter((a) => a.level === 'warning' && /^Target repo:acme\/retired-service-\d+-of-the-old-platform is no longer in targets but holds no live key/.test(a.message));

describe.concurrent('the target record in parts', () => {
  it('the Action takes a family of 1,000 repository targets (a dry run plans every one, the list past 20,000 characters)', async ({ onTestFinished }) => {
    const repos = Array.from({ length: 1000 }, (_, i) => `acme/service-${String(i).padStart(4, '0')}-of-the-new-platform`);
    const platform = await startPlatformEmulator();
    const github = await startGitHubEmulator({ repos: [...repos, HOME], tokens: { [WRITE_TOKEN]: 'write' } });
    onTestFinished(() => Promise.all([platform.close(), github.close()]).then(() => undefined));
    const key = platform.createKey('console key');
    const targets = repos.map((repo) => `repo:${repo}`).join('\n');
    expect(targets.length).toBeGreaterThan(40_000);
    const run = await startAction(ROTATE_KEY, {
      inputs: { 'api-key': key.key, 'api-url': platform.url, 'github-token': WRITE_TOKEN, 'secret-name': SECRET_NAME, targets, 'dry-run': 'true' },
      env: { GITHUB_REPOSITORY: HOME, GITHUB_API_URL: github.url },
      timeoutMs: 280_000,
    }).done;
    expect(errorsOf(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    const publicKeyReads = run.probe.requests.filter((r) => /^\/repos\/acme\/service-\d{4}-of-the-new-platform\/actions\/secrets\/public-key/.test(r.path));
    expect(publicKeyReads, 'every target checked').toHaveLength(1000);
    expectNoLeaks(run, [key.key, WRITE_TOKEN]);
  }, 300_000); // 1,000 targets read on a shared machine: no bound on time is asserted, only that it finishes.

  it('1,000 more targets spread the record over two variables: read back whole, rewritten into the other slot, then one variable again once enough are retired', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    const { head, dropped } = await bigRecordWorld(w, 1000);
    const run = await w.rotate(LISTED).done;
    w.learn(run, LISTED);
    expect(errorsOf(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(droppedWarnings(run), 'every dropped target is read from the parts').toHaveLength(1000);
    expectNobodyLockedOut(w);
    expectNoUnheldKey(w);
    await expectRecordNames(w, head, [...dropped, ...LISTED], 2);
    const { record } = readStoredRecord(await recordVariables(w.github.url, HOME), head);
    expect(record.targets).toContainEqual([[Number(run.outputs['key-id'])], [...LISTED].sort()]);

    // 350 retired (their secrets are gone: the repositories no longer exist): the rest fits one variable.
    const retired = dropped.slice(0, 350);
    const shrunk = await w.rotate(LISTED, { 'retire-targets': retired.join('\n') }).done;
    w.learn(shrunk, LISTED);
    expect(errorsOf(shrunk)).toEqual([]);
    expect(droppedWarnings(shrunk)).toHaveLength(650);
    expectNobodyLockedOut(w);
    expectNoUnheldKey(w);
    await expectRecordNames(w, head, [...dropped.slice(350), ...LISTED], 0);
    for (const r of [run, shrunk]) expectNoLeaks(r, w.secrets);
  });
});

/** Where a record is written: the request a run is killed at, and its rank among requests of that method and path. */
interface WritePoint {
  name: string;
  method: string;
  /** Relative to the head's variable route (`''`: the collection, for a create). */
  path: (head: string) => string;
  nth: number;
  afterEffect: boolean;
}

/** A one-variable record's head is the only variable a PATCH goes to. */
const ONE_VARIABLE: WritePoint[] = (
  [
    { name: 'creating the record, before the key is made', method: 'POST', path: () => VARIABLES, nth: 1 },
    { name: 'before the first secret write', method: 'PATCH', path: () => `${VARIABLES}/*`, nth: 1 },
    { name: 'after the last secret write', method: 'PATCH', path: () => `${VARIABLES}/*`, nth: 2 },
  ] satisfies Array<Omit<WritePoint, 'afterEffect'>>
).flatMap((point) => [false, true].map((afterEffect) => ({ ...point, afterEffect, name: `${point.name}, killed ${afterEffect ? 'after' : 'before'} it takes effect` })));

/** The big record's head uses slot A: a run writes slot B, then the head, then deletes A (and back again after the last secret write). */
const IN_PARTS: WritePoint[] = [
  { name: 'between two parts (the second part of the new slot)', method: 'POST', path: () => VARIABLES, nth: 2, afterEffect: false },
  { name: 'between the parts and the head, before the first secret write', method: 'PATCH', path: (head) => `${VARIABLES}/${head}`, nth: 1, afterEffect: false },
  { name: 'between the head and deleting the old parts, before the first secret write', method: 'DELETE', path: (head) => `${VARIABLES}/${head}_PART_A1`, nth: 1, afterEffect: false },
  { name: 'between the parts and the head, after the last secret write', method: 'PATCH', path: (head) => `${VARIABLES}/${head}`, nth: 2, afterEffect: false },
  { name: 'between the head and deleting the old parts, after the last secret write', method: 'DELETE', path: (head) => `${VARIABLES}/${head}_PART_B1`, nth: 1, afterEffect: false },
];

/** Kills a run of LISTED at `point`, then runs again: it converges, and the record reads back whole. */
async function crashAndRerun(w: DriftWorld, head: string, point: WritePoint): Promise<void> {
  armFault(w, { service: 'github', method: point.method, path: point.path(head), nth: point.nth }, { kind: 'hang', afterEffect: point.afterEffect });
  const crashed = w.rotate(LISTED);
  await untilHanging(w.github.log, crashed.done);
  await crashed.kill();
  const crash = await crashed.done;
  expect(crash.signal).toBe('SIGKILL');
  w.learn(crash, LISTED);
  expectNobodyLockedOut(w, ' after the crash');

  const rerun = await w.rotate(LISTED).done;
  w.learn(rerun, LISTED);
  expect(errorsOf(rerun)).toEqual([]);
  expect(rerun.exitCode).toBe(0);
  expectNobodyLockedOut(w);
  expectNoUnheldKey(w);
  for (const target of LISTED) expect(w.held(target), `${target} holds the rerun's key`).toBe(w.held(LISTED[0]!));
  for (const run of [crash, rerun]) expectNoLeaks(run, w.secrets);
}

describe.concurrent('a run killed at each record write, then run again', () => {
  it.for(ONE_VARIABLE)('one variable: $name', async (point, { onTestFinished }) => {
    const w = await world(onTestFinished);
    w.seed(LISTED);
    // The family's first run writes its record at all three points.
    await crashAndRerun(w, '', point);
    const [head] = [...(await recordVariables(w.github.url, HOME)).keys()];
    await expectRecordNames(w, head!, LISTED, 0);
  });

  it.for(IN_PARTS)('in parts: $name', async (point, { onTestFinished }) => {
    const w = await world(onTestFinished);
    const { head, dropped } = await bigRecordWorld(w, 1000);
    await crashAndRerun(w, head, point);
    await expectRecordNames(w, head, [...dropped, ...LISTED], 2);
  });
});

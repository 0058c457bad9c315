// Issue 22: the target record's writes, in process (moved from test/reliability/record-writes.test.ts,
// which keeps the bundled Action taking 1,000 targets as an input). A record bigger than one
// variable is spread over parts, read back whole, rewritten into the other slot and shrunk back to
// one variable; and a run killed at each record write (the three save points of a one-variable
// record, before and after each takes effect; between two parts, between the parts and the head,
// between the head and deleting the old parts of a record in parts) is followed by a run that
// converges: nobody locked out, no key held by nobody, nothing leaked, the record read back whole.

import { describe, expect, it } from 'vitest';
import { listVariables, putVariable } from '../src/home-variables.js';
import { leaks, lockOuts, orphans } from '../src/invariants.js';
import { type RequestMatch, runKilledAt } from '../src/kill-at-request.js';
import { type RunResult, type RunSpec, Simulation } from '../src/simulation.js';
import { joinStoredRecord, splitStoredRecord } from '../src/stored-record.js';
import { HOME, SECRET_NAMES } from '../src/world.js';

const APP = 'repo:acme/app';
const PROD = 'env:acme/app:production';
const LISTED = [APP, PROD];
const SECRET_NAME = SECRET_NAMES[0];
/** The size of a part (packages/rotation/src/record/parts.ts, PART_BYTES). */
const PART_BYTES = 48_000;
const VARIABLES = `/repos/${HOME}/actions/variables`;
const RECORD_PREFIX = 'KEYTURN_RECORD_';

interface Rig {
  sim: Simulation;
  results: RunResult[];
  spec(retire?: string[]): RunSpec;
  /** One run of LISTED to its end. */
  rotate(retire?: string[]): Promise<RunResult>;
  /** Everything that must hold after any run: nobody locked out, nothing leaked. */
  expectSafe(context: string): void;
  recordVariables(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

/** The console key in the secret of LISTED, written a day ago. */
async function startRig(seed: number): Promise<Rig> {
  const sim = await Simulation.start(seed);
  const { world } = sim;
  const consoleKey = world.consoleKey('personal');
  const writtenAt = new Date(sim.time.now() - 86_400_000);
  for (const target of LISTED) world.github.putSecretValue(target, SECRET_NAME, consoleKey.key, { writtenAt });
  const results: RunResult[] = [];
  const spec = (retire: string[] = []): RunSpec => {
    const apiKey =
      LISTED.map((t) => world.held(t, SECRET_NAME)).find((v) => v !== undefined && world.platform.isKeyValid(v)) ?? consoleKey.key;
    return { kind: 'personal', credential: 'token', targets: [...LISTED], secretName: SECRET_NAME, keep: 1, retire, apiKey };
  };
  return {
    sim,
    results,
    spec,
    async rotate(retire) {
      const run = sim.start(spec(retire));
      await sim.runAll([run]);
      results.push(run.result);
      return run.result;
    },
    expectSafe(context) {
      const trace = () => sim.trace.join('\n');
      expect(lockOuts(world), `${context}\n${trace()}`).toEqual([]);
      expect(leaks(world, results), context).toEqual([]);
    },
    async recordVariables() {
      const all = await listVariables(sim, HOME);
      return new Map([...all].filter(([name]) => name.startsWith(RECORD_PREFIX)));
    },
    close: () => sim.close(),
  };
}

/** The run ended well, alone: every target holds its key, and no other key made by a run is live. */
function expectConverged(rig: Rig, run: RunResult): void {
  expect(run.status, `${run.error?.message ?? ''}\n${rig.sim.trace.join('\n')}`).toBe('ok');
  rig.expectSafe('after the converging run');
  for (const target of LISTED) expect(rig.sim.world.held(target, SECRET_NAME), `${target} holds the run's key`).toBe(run.created[0]);
  expect(orphans(rig.sim.world, 'personal', run), 'live keys held by no target').toEqual([]);
}

/** The record reads back whole (its parts match its hash), no stale part is left, and it names `identities`. */
async function expectRecordNames(rig: Rig, head: string, identities: readonly string[], parts: number): Promise<void> {
  const variables = await rig.recordVariables();
  const { record, parts: named } = joinStoredRecord(variables, head);
  expect(named, 'parts of the record').toHaveLength(parts);
  expect([...variables.keys()].sort(), 'the head and its parts, no other').toEqual([head, ...named].sort());
  expect(record.targets.flatMap(([, ids]) => ids).sort()).toEqual([...identities].sort());
}

/**
 * One rotation over LISTED, then its record given `dropped` more targets it served earlier (since
 * dropped from the list, holding no live key): 1,000 of them take two parts, in slot A.
 */
async function bigRecord(rig: Rig, dropped: number): Promise<{ head: string; dropped: string[] }> {
  expect((await rig.rotate()).status).toBe('ok');
  const variables = await rig.recordVariables();
  expect(variables.size).toBe(1);
  const [head] = [...variables.keys()] as [string];
  const { record } = joinStoredRecord(variables, head);
  const names = Array.from({ length: dropped }, (_, i) => `repo:acme/retired-service-${String(i).padStart(4, '0')}-of-the-old-platform`);
  record.targets.push([[], names]);
  for (const { name, value } of splitStoredRecord(record, head, 'A', PART_BYTES)) await putVariable(rig.sim, HOME, name, value);
  expect([...(await rig.recordVariables()).keys()].sort()).toEqual([head, `${head}_PART_A1`, `${head}_PART_A2`]);
  return { head, dropped: names };
}

const droppedWarnings = (run: RunResult) =>
  (run.report?.warnings ?? []).filter((w) =>
    /^Target repo:acme\/retired-service-\d+-of-the-old-platform is no longer in targets but holds no live key/.test(w),
  );

describe('the target record in parts, in the simulator', () => {
  it('1,000 more targets spread the record over two variables: read back whole, rewritten into the other slot, then one variable again once enough are retired', async () => {
    const rig = await startRig(2201);
    try {
      const { head, dropped } = await bigRecord(rig, 1000);
      const run = await rig.rotate();
      expectConverged(rig, run);
      expect(droppedWarnings(run), 'every dropped target is read from the parts').toHaveLength(1000);
      await expectRecordNames(rig, head, [...dropped, ...LISTED], 2);
      const { record } = joinStoredRecord(await rig.recordVariables(), head);
      expect(record.targets).toContainEqual([[run.report!.keyId], [...LISTED].sort()]);

      // 350 retired (their secrets are gone: the repositories no longer exist): the rest fits one variable.
      const shrunk = await rig.rotate(dropped.slice(0, 350));
      expectConverged(rig, shrunk);
      expect(droppedWarnings(shrunk)).toHaveLength(650);
      await expectRecordNames(rig, head, [...dropped.slice(350), ...LISTED], 0);
    } finally {
      await rig.close();
    }
  });
});

/** Where a record is written: the request a run is killed at, and its rank among requests of that method and path. */
interface WritePoint {
  name: string;
  method: string;
  /** The variable route's path (the collection, for a create). */
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
).flatMap((point) =>
  [false, true].map((afterEffect) => ({
    ...point,
    afterEffect,
    name: `${point.name}, killed ${afterEffect ? 'after' : 'before'} it takes effect`,
  })),
);

/** The big record's head uses slot A: a run writes slot B, then the head, then deletes A (and back again after the last secret write). */
const IN_PARTS: WritePoint[] = [
  { name: 'between two parts (the second part of the new slot)', method: 'POST', path: () => VARIABLES, nth: 2, afterEffect: false },
  {
    name: 'between the parts and the head, before the first secret write',
    method: 'PATCH',
    path: (head) => `${VARIABLES}/${head}`,
    nth: 1,
    afterEffect: false,
  },
  {
    name: 'between the head and deleting the old parts, before the first secret write',
    method: 'DELETE',
    path: (head) => `${VARIABLES}/${head}_PART_A1`,
    nth: 1,
    afterEffect: false,
  },
  {
    name: 'between the parts and the head, after the last secret write',
    method: 'PATCH',
    path: (head) => `${VARIABLES}/${head}`,
    nth: 2,
    afterEffect: false,
  },
  {
    name: 'between the head and deleting the old parts, after the last secret write',
    method: 'DELETE',
    path: (head) => `${VARIABLES}/${head}_PART_B1`,
    nth: 1,
    afterEffect: false,
  },
];

/** Kills a run of LISTED at `point`, then runs again: it converges. */
async function killAndRerun(rig: Rig, head: string, point: WritePoint): Promise<void> {
  const request: RequestMatch = { service: 'github', method: point.method, path: point.path(head), nth: point.nth };
  const killed = await runKilledAt(rig.sim, rig.spec(), request, point.afterEffect);
  rig.sim.clearFaults();
  rig.results.push(killed.result);
  expect(killed.result.status, `the run reached ${point.method} ${request.path} #${point.nth}\n${rig.sim.trace.join('\n')}`).toBe(
    'crashed',
  );
  rig.expectSafe('after the kill');
  expectConverged(rig, await rig.rotate());
}

describe('a run killed at each record write, then run again, in the simulator', () => {
  it.each(ONE_VARIABLE.map((point, i) => ({ ...point, seed: 2210 + i })))('one variable: $name', async (point) => {
    const rig = await startRig(point.seed);
    try {
      // The family's first run writes its record at all three points.
      await killAndRerun(rig, '', point);
      const [head] = [...(await rig.recordVariables()).keys()];
      await expectRecordNames(rig, head!, LISTED, 0);
    } finally {
      await rig.close();
    }
  });

  it.each(IN_PARTS.map((point, i) => ({ ...point, seed: 2220 + i })))('in parts: $name', async (point) => {
    const rig = await startRig(point.seed);
    try {
      const { head, dropped } = await bigRecord(rig, 1000);
      await killAndRerun(rig, head, point);
      await expectRecordNames(rig, head, [...dropped, ...LISTED], 2);
    } finally {
      await rig.close();
    }
  });
});

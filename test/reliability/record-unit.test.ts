// Issue 22: the target record as one explicit unit. A record that cannot be read, or that a newer
// keyturn wrote, is refused before anything changes (never taken for absent, which would revoke the
// key a dropped target holds); rebuild-record rebuilds it conservatively; a repository at GitHub's
// variable limit is refused before anything changes, naming what to delete.

import { describe, expect, it, type TestContext } from 'vitest';
import { type DriftWorld, expectNobodyLockedOut, expectNoUnheldKey, HOME, startDriftWorld } from './harness/drift-world.js';
import { errorsOf, expectActionableFailure, expectNoLeaks } from './harness/invariants.js';
import { WRITE_TOKEN } from './harness/rotation-rig.js';

const APP = 'repo:acme/app';
const PROD = 'env:acme/app:production';
const HEADERS = { authorization: `token ${WRITE_TOKEN}`, 'user-agent': 'keyturn-test', 'content-type': 'application/json' };

async function world(onTestFinished: TestContext['onTestFinished']): Promise<DriftWorld> {
  const started = await startDriftWorld();
  onTestFinished(() => started.close());
  return started;
}

async function variables(w: DriftWorld): Promise<Array<{ name: string; value: string }>> {
  const all: Array<{ name: string; value: string }> = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${w.github.url}/repos/${HOME}/actions/variables?per_page=30&page=${page}`, { headers: HEADERS });
    const { variables: batch } = (await response.json()) as { variables: Array<{ name: string; value: string }> };
    all.push(...batch);
    if (batch.length < 30) return all;
  }
}

async function setVariable(w: DriftWorld, name: string, value: string): Promise<void> {
  const response = await fetch(`${w.github.url}/repos/${HOME}/actions/variables/${name}`, { method: 'PATCH', headers: HEADERS, body: JSON.stringify({ value }) });
  expect(response.status).toBe(204);
}

/** Two runs over APP and PROD, then PROD dropped from the list: its key must stay valid whatever happens to the record. */
async function droppedTargetWorld(w: DriftWorld): Promise<{ prodKey: string; record: { name: string; value: string } }> {
  w.seed([APP, PROD]);
  const first = await w.rotate([APP, PROD]).done;
  w.learn(first, [APP, PROD]);
  const second = await w.rotate([APP]).done;
  w.learn(second, [APP]);
  expect(errorsOf(second)).toEqual([]);
  const [record] = (await variables(w)).filter((v) => v.name.startsWith('KEYTURN_RECORD_'));
  expect(JSON.parse(record!.value)).toMatchObject({ keyturn: 2, kind: 'personal' });
  return { prodKey: w.held(PROD)!, record: record! };
}

describe.concurrent('the target record as one unit', () => {
  it('a record that does not parse is refused before anything changes, then rebuilt with rebuild-record: the dropped target keeps its key', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    const { prodKey, record } = await droppedTargetWorld(w);
    await setVariable(w, record.name, record.value.slice(0, record.value.length / 2));
    const keysBefore = w.platform.listKeys().length;

    const refused = await w.rotate([APP]).done;
    expect(expectActionableFailure(refused)).toMatch(new RegExp(`target record in ${record.name} \\(family [^)]+\\) cannot be read: not JSON.*never taken for an absent record.*rebuild-record: true.*Nothing was changed`));
    expect(w.platform.listKeys()).toHaveLength(keysBefore);
    expect((await variables(w)).find((v) => v.name === record.name)?.value).toBe(record.value.slice(0, record.value.length / 2));

    const rebuilt = await w.rotate([APP], { 'rebuild-record': 'true' }).done;
    w.learn(rebuilt, [APP]);
    expect(errorsOf(rebuilt)).toEqual([]);
    expect(rebuilt.annotations.map((a) => a.message)).toContainEqual(expect.stringMatching(/is rebuilt in place of .*Keys \d+.*stay valid.*revoke-key-ids/));
    expect(w.platform.isKeyValid(prodKey), 'the dropped target keeps its key').toBe(true);
    expectNobodyLockedOut(w);

    // Later runs keep protecting it; naming it in revoke-key-ids (the user's word) lets it go.
    const after = await w.rotate([APP]).done;
    w.learn(after, [APP]);
    expect(errorsOf(after)).toEqual([]);
    expect(w.platform.isKeyValid(prodKey)).toBe(true);
    expectNobodyLockedOut(w);
    for (const run of [refused, rebuilt, after]) expectNoLeaks(run, w.secrets);
  });

  it('a record written by a newer keyturn is refused before anything changes, naming its format and the upgrade', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    const { prodKey, record } = await droppedTargetWorld(w);
    await setVariable(w, record.name, JSON.stringify({ ...JSON.parse(record.value), keyturn: 3 }));
    const keysBefore = w.platform.listKeys().length;
    const refused = await w.rotate([APP]).done;
    expect(expectActionableFailure(refused)).toMatch(/written by a newer keyturn: its format is 3, and this release reads formats up to 2.*Upgrade the pinned keyturn release.*Nothing was changed/);
    // rebuild-record does not replace a newer record either.
    const stillRefused = await w.rotate([APP], { 'rebuild-record': 'true' }).done;
    expect(expectActionableFailure(stillRefused)).toMatch(/newer keyturn/);
    expect(w.platform.listKeys()).toHaveLength(keysBefore);
    expect(w.platform.isKeyValid(prodKey)).toBe(true);
    expectNobodyLockedOut(w);
    for (const run of [refused, stillRefused]) expectNoLeaks(run, w.secrets);
  });

  it('a format-1 record is read and moved to its format-2 variable', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    const { prodKey, record } = await droppedTargetWorld(w);
    const v2 = JSON.parse(record.value) as { family: string; secret: string; targets: Array<[number[], string[]]> };
    const targets = Object.fromEntries(v2.targets.flatMap(([keys, ids]) => ids.map((id) => [id, { spec: id === 'env:acme/app:production' ? PROD : id, keys }])));
    const { createHash } = await import('node:crypto');
    const legacy = `KEYTURN_RECORD_${createHash('sha256').update(v2.family).digest('hex').slice(0, 20).toUpperCase()}`;
    await fetch(`${w.github.url}/repos/${HOME}/actions/variables/${record.name}`, { method: 'DELETE', headers: HEADERS });
    await fetch(`${w.github.url}/repos/${HOME}/actions/variables`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ name: legacy, value: JSON.stringify({ keyturn: 1, family: v2.family, secret: v2.secret, targets, held: [] }) }) });
    const run = await w.rotate([APP]).done;
    w.learn(run, [APP]);
    expect(errorsOf(run)).toEqual([]);
    expect(w.platform.isKeyValid(prodKey)).toBe(true);
    expect((await variables(w)).map((v) => v.name).filter((n) => n.startsWith('KEYTURN_'))).toEqual([record.name]);
    expectNobodyLockedOut(w);
    expectNoLeaks(run, w.secrets);
  });

  it('a repository at GitHub\'s limit of 500 variables is refused before any key is made, saying what to delete', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    w.seed([APP]);
    for (let i = 0; i < 500; i++) {
      const response = await fetch(`${w.github.url}/repos/${HOME}/actions/variables`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ name: `USER_VARIABLE_${i}`, value: 'x' }) });
      expect(response.status).toBe(201);
    }
    const over = await fetch(`${w.github.url}/repos/${HOME}/actions/variables`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ name: 'ONE_MORE', value: 'x' }) });
    expect(over.status).toBe(422);
    const keysBefore = w.platform.listKeys().length;
    const refused = await w.rotate([APP]).done;
    expect(expectActionableFailure(refused)).toMatch(/needs 1 more variable.*hold 500 of the 500 GitHub allows.*Delete variables of that repository/);
    expect(w.platform.listKeys()).toHaveLength(keysBefore);
    expectNobodyLockedOut(w);
    expectNoUnheldKey(w);
    expectNoLeaks(refused, w.secrets);
  });
});

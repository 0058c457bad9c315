// Issue 22: the target record as one explicit unit, through the bundled Action: a record that cannot
// be read is refused before anything changes (never taken for absent, which would revoke the key a
// dropped target holds), in the Action's words, and the rebuild-record input rebuilds it
// conservatively. The rest runs in process, in packages/rotation's tests: a newer format, a format-1
// record, GitHub's variable limit and a 422 on a record write (record-unit.test.ts); a managing key
// of the family refused and a secret switched between kinds (key-kinds.test.ts); a renamed secret's
// old family (renamed-secret.test.ts).

import { describe, expect, it, type TestContext } from 'vitest';
import { type DriftWorld, expectNobodyLockedOut, HOME, startDriftWorld } from './harness/drift-world.js';
import { errorsOf, expectActionableFailure, expectNoLeaks } from './harness/invariants.js';
import { putVariable, variables as allVariables } from './harness/record-variables.js';

const APP = 'repo:acme/app';
const PROD = 'env:acme/app:production';

async function world(onTestFinished: TestContext['onTestFinished']): Promise<DriftWorld> {
  const started = await startDriftWorld();
  onTestFinished(() => started.close());
  return started;
}

const variables = (w: DriftWorld) => allVariables(w.github.url, HOME);
const setVariable = (w: DriftWorld, name: string, value: string) => putVariable(w.github.url, HOME, name, value);

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
  it('a record that does not parse is refused before anything changes, then rebuilt with rebuild-record: the dropped target keeps its key', async ({
    onTestFinished,
  }) => {
    const w = await world(onTestFinished);
    const { prodKey, record } = await droppedTargetWorld(w);
    await setVariable(w, record.name, record.value.slice(0, record.value.length / 2));
    const keysBefore = w.platform.listKeys().length;

    const refused = await w.rotate([APP]).done;
    expect(expectActionableFailure(refused)).toMatch(
      new RegExp(
        `target record in ${record.name} \\(family [^)]+\\) cannot be read: not JSON.*never taken for an absent record.*rebuild-record: true.*Nothing was changed`,
      ),
    );
    expect(w.platform.listKeys()).toHaveLength(keysBefore);
    expect((await variables(w)).find((v) => v.name === record.name)?.value).toBe(record.value.slice(0, record.value.length / 2));

    const rebuilt = await w.rotate([APP], { 'rebuild-record': 'true' }).done;
    w.learn(rebuilt, [APP]);
    expect(errorsOf(rebuilt)).toEqual([]);
    expect(rebuilt.annotations.map((a) => a.message)).toContainEqual(
      expect.stringMatching(/is rebuilt in place of .*Keys \d+.*stay valid.*revoke-key-ids/),
    );
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
});

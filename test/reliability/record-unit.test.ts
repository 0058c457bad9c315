// Issue 22: the target record as one explicit unit, through the bundled Action: a record that cannot
// be read is refused before anything changes (never taken for absent, which would revoke the key a
// dropped target holds), in the Action's words, and the rebuild-record input rebuilds it
// conservatively; a managing-api-key of the rotated family is refused before anything changes; a
// secret switched between kinds of key (the key-kind, org-id, project-id inputs) names the old kind's
// live keys every run until they are revoked. The rest runs in process: a newer format, a format-1
// record, GitHub's variable limit and a 422 on a record write in packages/rotation's
// test/record-unit.test.ts; a renamed secret's old family in its test/renamed-secret.test.ts.

import { describe, expect, it, type TestContext } from 'vitest';
import { type DriftWorld, expectNobodyLockedOut, HOME, startDriftWorld } from './harness/drift-world.js';
import { errorsOf, expectActionableFailure, expectNoLeaks } from './harness/invariants.js';
import { deleteVariable, putVariable, recordVariables, variables as allVariables } from './harness/record-variables.js';
import { FAMILY, ORG_ID, PROJECT_ID, type RotationRig, startRotationRig } from './harness/rotation-rig.js';
import { expectEveryTargetHoldsAWorkingKey, liveKeyIds } from './harness/invariants.js';

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

  it('an older key of the family as managing-api-key is refused before anything changes, naming the key to use; a key of no family manages fine', async ({ onTestFinished }) => {
    const rig = await startRotationRig({ kind: 'organization' });
    onTestFinished(() => rig.close());
    // keep 2: the previous key of the family stays valid, and the record keeps its fingerprint.
    const first = await rig.rotate({ keep: '2' }).done;
    rig.learn(first);
    const older = { id: Number(first.outputs['key-id']), key: rig.heldValues()[0]! };
    const second = await rig.rotate({ keep: '2' }).done;
    rig.learn(second);
    expect([...errorsOf(first), ...errorsOf(second)]).toEqual([]);
    expect(rig.platform.isKeyValid(older.key)).toBe(true);

    const keyStates = () => rig.platform.listKeys().map((k) => ({ id: k.id, revoked: k.revoked }));
    const keysBefore = keyStates();
    const variablesBefore = await recordVariables(rig.github.url, 'acme/web');
    const heldBefore = rig.heldValues();
    const refused = await rig.rotate({ keep: '2', 'managing-api-key': older.key }).done;
    expect(expectActionableFailure(refused)).toMatch(
      new RegExp(`The key in managing-api-key is key ${older.id} \\(${FAMILY}-[^)]+\\) of family ${FAMILY}, whose keys this rotation revokes.*Manage with a key outside the family: the personal key of an organization admin.*or an organization key of another family\\. Nothing was changed`),
    );
    expect(keyStates(), 'no key made or revoked').toEqual(keysBefore);
    expect(await recordVariables(rig.github.url, 'acme/web'), 'no variable written').toEqual(variablesBefore);
    expect(rig.heldValues(), 'no secret written').toEqual(heldBefore);
    expect(refused.probe.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`), 'nothing but reads').toEqual([]);
    expect(rig.platform.isKeyValid(older.key)).toBe(true);

    // The advice followed: an organization key of no family manages the rotation, and stays valid.
    const admin = rig.platform.createOrgKey(ORG_ID, 'ops managing key');
    rig.secrets.add(admin.key);
    const managed = await rig.rotate({ 'managing-api-key': admin.key }).done;
    rig.learn(managed);
    expect(errorsOf(managed)).toEqual([]);
    expect(managed.exitCode).toBe(0);
    expect(rig.platform.isKeyValid(admin.key), 'the managing key still works').toBe(true);
    expectEveryTargetHoldsAWorkingKey(rig);
    expect(liveKeyIds(rig.platform), 'no other key of the family is valid').toEqual([Number(managed.outputs['key-id'])]);
    for (const run of [first, second, refused, managed]) expectNoLeaks(run, rig.secrets);
  });

  it('a secret switched from project-scoped keys back to personal ones names every live key of the old kind each run until revoked; the reverse switch too', async ({ onTestFinished }) => {
    const rig = await startRotationRig({ kind: 'project' });
    onTestFinished(() => rig.close());
    // An admin's personal key, for what the user does in the console (revoking the keys the warning names).
    const consoleAdmin = rig.platform.createKey('console admin');
    rig.secrets.add(consoleAdmin.key);
    const revokeInConsole = async (path: string) => {
      const response = await fetch(`${rig.platform.url}${path}`, { method: 'DELETE', headers: { authorization: `Bearer ${consoleAdmin.key}` } });
      expect(response.status, `revoking ${path}`).toBe(200);
    };
    const personal = { 'key-kind': 'personal', 'org-id': '', 'project-id': '', 'managing-api-key': '' };
    const liveOfKind = (project: boolean) =>
      rig.platform
        .listKeys()
        .filter((k) => !k.revoked && k.name.startsWith(`${FAMILY}-`) && (k.project_id !== undefined) === project)
        .map((k) => k.id)
        .sort((a, b) => a - b);
    /** The ids and variable the run's warning about the other kind names (undefined: no such warning). */
    const oldKindWarning = (run: Awaited<ReturnType<RotationRig['rotate']>['done']>, kind: string) => {
      const warning = run.annotations.find((a) => a.level === 'warning' && a.message.includes(`no target holds a key of family ${FAMILY} (${kind}`));
      if (!warning) return undefined;
      const ids = /revoke keys? ([\d, ]+) in the platform console/.exec(warning.message)?.[1];
      return {
        ids: (ids ?? '').split(', ').filter(Boolean).map(Number).sort((a, b) => a - b),
        variable: /delete the variable (KEYTURN_RECORD_\w+)/.exec(warning.message)?.[1],
      };
    };

    // Project-scoped rotations with keep 2: the previous key (made in the console, never fingerprinted) stays valid.
    const project = await rig.rotate({ keep: '2' }).done;
    rig.learn(project);
    expect(errorsOf(project)).toEqual([]);
    expect(liveOfKind(true)).toHaveLength(2);

    // Switched to a personal key made in the console (its id named once, as a first rotation does).
    const firstPersonal = rig.platform.createKey('console personal key');
    rig.secrets.add(firstPersonal.key);
    const switched = await rig.rotate({ ...personal, 'api-key': firstPersonal.key, 'revoke-key-ids': String(firstPersonal.id) }).done;
    rig.learn(switched);
    expect(errorsOf(switched)).toEqual([]);
    expectEveryTargetHoldsAWorkingKey(rig);
    const named = oldKindWarning(switched, `project:${ORG_ID}/${PROJECT_ID}`);
    // The record names the keys its family kept (a key revoked since may be among them: this run cannot list that kind).
    expect(named?.ids, 'every live project-scoped key of the family is named, none left silently valid').toEqual(expect.arrayContaining(liveOfKind(true)));
    expect(named?.variable).toMatch(/^KEYTURN_RECORD_/);
    expect(liveOfKind(false), 'the personal family: the new key alone').toEqual([Number(switched.outputs['key-id'])]);
    expect(rig.platform.isKeyValid(firstPersonal.key)).toBe(false);

    // Every run names them until they are gone.
    const again = await rig.rotate(personal).done;
    rig.learn(again);
    expect(errorsOf(again)).toEqual([]);
    expect(oldKindWarning(again, `project:${ORG_ID}/${PROJECT_ID}`)).toEqual(named);
    for (const id of liveOfKind(true)) await revokeInConsole(`/organizations/${ORG_ID}/api_keys/${id}`);
    await deleteVariable(rig.github.url, 'acme/web', named!.variable!);
    const settled = await rig.rotate(personal).done;
    rig.learn(settled);
    expect(errorsOf(settled)).toEqual([]);
    expect(settled.annotations.filter((a) => a.level === 'warning')).toEqual([]);
    expect(liveKeyIds(rig.platform), 'no other key of the family is valid').toEqual([Number(settled.outputs['key-id'])]);
    expectEveryTargetHoldsAWorkingKey(rig);

    // The reverse switch: back to a project-scoped key made in the console.
    const consoleProjectKey = rig.platform.createOrgKey(ORG_ID, 'console project key', { projectId: PROJECT_ID });
    rig.secrets.add(consoleProjectKey.key);
    const reversed = await rig.rotate({ 'api-key': consoleProjectKey.key, 'revoke-key-ids': String(consoleProjectKey.id) }).done;
    rig.learn(reversed);
    expect(errorsOf(reversed)).toEqual([]);
    expectEveryTargetHoldsAWorkingKey(rig);
    const personalNamed = oldKindWarning(reversed, 'personal');
    expect(personalNamed?.ids, 'every live personal key of the family is named').toEqual(expect.arrayContaining(liveOfKind(false)));
    expect(liveOfKind(false)).not.toEqual([]);
    expect(liveOfKind(true)).toEqual([Number(reversed.outputs['key-id'])]);
    for (const id of liveOfKind(false)) await revokeInConsole(`/api_keys/${id}`);
    await deleteVariable(rig.github.url, 'acme/web', personalNamed!.variable!);
    const done = await rig.rotate().done;
    rig.learn(done);
    expect(errorsOf(done)).toEqual([]);
    expect(done.annotations.filter((a) => a.level === 'warning')).toEqual([]);
    expect(liveKeyIds(rig.platform)).toEqual([Number(done.outputs['key-id'])]);
    expectEveryTargetHoldsAWorkingKey(rig);
    for (const run of [project, switched, again, settled, reversed, done]) expectNoLeaks(run, rig.secrets);
  });
});

// Issue 22: the target record as one explicit unit. A record that cannot be read, or that a newer
// keyturn wrote, is refused before anything changes (never taken for absent, which would revoke the
// key a dropped target holds); rebuild-record rebuilds it conservatively; a repository at GitHub's
// variable limit is refused before anything changes, naming what to delete. A managing key of the
// rotated family is refused before anything changes; a secret switched between kinds of key names
// the old kind's live keys every run until they are revoked; a 422 from GitHub on a record write is
// quoted, with advice that fits it, and leaves no key behind. A renamed secret's old family is
// named each run while its secret exists, and revoked with its record once it is gone.

import { describe, expect, it, type TestContext } from 'vitest';
import { type DriftWorld, expectNobodyLockedOut, expectNoUnheldKey, HOME, startDriftWorld } from './harness/drift-world.js';
import { errorsOf, expectActionableFailure, expectNoLeaks } from './harness/invariants.js';
import { deleteVariable, putVariable, recordVariables, variables as allVariables } from './harness/record-variables.js';
import { FAMILY, ORG_ID, PROJECT_ID, type RotationRig, startRotationRig, WRITE_TOKEN } from './harness/rotation-rig.js';
import { expectEveryTargetHoldsAWorkingKey, liveKeyIds } from './harness/invariants.js';

const APP = 'repo:acme/app';
const PROD = 'env:acme/app:production';
const HEADERS = { authorization: `token ${WRITE_TOKEN}`, 'user-agent': 'keyturn-test', 'content-type': 'application/json' };

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

  it('a renamed secret: the old family\'s key stays valid while the old secret exists, named each run; once it is deleted, the next run revokes it and deletes its record', async ({ onTestFinished }) => {
    const w = await world(onTestFinished);
    const RENAMED = 'DEPLOY_NEON_API_KEY';
    w.seed([APP, PROD]);
    const old = await w.rotate([APP, PROD]).done;
    w.learn(old, [APP, PROD]);
    expect(errorsOf(old)).toEqual([]);
    const oldKey = w.held(APP)!;
    const oldId = Number(old.outputs['key-id']);
    // The user renames the secret: the old value under the new name, the workflow given secret-name and api-key from it.
    for (const target of [APP, PROD]) w.github.putSecretValue(target, RENAMED, oldKey);
    const renamed = (apiKey: string) => w.rotate([APP, PROD], { 'secret-name': RENAMED, 'api-key': apiKey }).done;
    const heldRenamed = (target: string) => w.github.secretValue(target, RENAMED);
    const expectEveryRenamedSecretWorks = () => {
      for (const target of [APP, PROD]) expect(w.platform.isKeyValid(heldRenamed(target)!), `${target} ${RENAMED} holds a working key`).toBe(true);
    };
    const warningNaming = (run: Awaited<ReturnType<typeof renamed>>) => run.annotations.find((a) => a.level === 'warning' && a.message.includes(`Key ${oldId} of family`))?.message;

    const first = await renamed(oldKey);
    w.learn(first, [APP, PROD]);
    for (const value of [heldRenamed(APP), heldRenamed(PROD)]) if (value) w.secrets.add(value);
    expect(errorsOf(first)).toEqual([]);
    expectEveryRenamedSecretWorks();
    expectNobodyLockedOut(w);
    expect(w.platform.isKeyValid(oldKey), 'the old secret still holds the old key, which works').toBe(true);
    expect(warningNaming(first)).toMatch(new RegExp(`stays valid: its record names the secret NEON_API_KEY, which still exists at .*If ${RENAMED} replaced NEON_API_KEY \\(a renamed secret\\), delete NEON_API_KEY there`));

    const second = await renamed(heldRenamed(APP)!);
    for (const value of [heldRenamed(APP), heldRenamed(PROD)]) if (value) w.secrets.add(value);
    expect(errorsOf(second)).toEqual([]);
    expect(warningNaming(second), 'named again, never silently valid').toBeDefined();
    expect(w.platform.isKeyValid(oldKey)).toBe(true);

    for (const target of [APP, PROD]) await w.deleteSecret(target);
    const settled = await renamed(heldRenamed(APP)!);
    for (const value of [heldRenamed(APP), heldRenamed(PROD)]) if (value) w.secrets.add(value);
    expect(errorsOf(settled)).toEqual([]);
    expect(w.platform.isKeyValid(oldKey), 'the old family\'s key is revoked once no target holds the old secret').toBe(false);
    expect(settled.annotations.filter((a) => a.level === 'warning')).toEqual([]);
    expectEveryRenamedSecretWorks();
    const records = (await variables(w)).filter((v) => v.name.startsWith('KEYTURN_RECORD_')).map((v) => JSON.parse(v.value).secret);
    expect(records, 'the old family\'s record is deleted').toEqual([RENAMED]);
    const live = w.platform.listKeys().filter((k) => !k.revoked && k.id !== w.consoleKey.id).map((k) => k.id);
    expect(live, 'no orphan: the renamed secret\'s key alone').toEqual([Number(settled.outputs['key-id'])]);
    for (const run of [old, first, second, settled]) expectNoLeaks(run, w.secrets);
  });

  describe('a 422 from GitHub on a record write is quoted, with advice that fits it, and leaves no key behind', () => {
    const DOCS = 'https://docs.github.com/rest/actions/variables';
    const refusal = (message: string) => ({ kind: 'status' as const, status: 422, body: { message, documentation_url: DOCS, status: '422' }, times: 1 as const });

    it('the variable limit, before the key is made: nothing made, the advice says what to delete', async ({ onTestFinished }) => {
      const w = await world(onTestFinished);
      w.seed([APP]);
      const reason = 'Failed to create variable: the repository has reached the limit of 500 variables.';
      w.github.faults.add({ method: 'POST', path: `/repos/${HOME}/actions/variables`, ...refusal(reason) });
      const keysBefore = w.platform.listKeys().length;
      const refused = await w.rotate([APP]).done;
      expect(expectActionableFailure(refused)).toMatch(
        /Before making the key: Writing the record of which targets hold the keys \(KEYTURN_RECORD_\w+\) to the variables of acme\/ops failed: GitHub answered 422: "Failed to create variable: the repository has reached the limit of 500 variables\.".*GitHub allows 500 variables a repository.*Delete variables of acme\/ops that no workflow uses.*No key was made and no secret was changed/,
      );
      expect(w.platform.listKeys()).toHaveLength(keysBefore);
      expect(await recordVariables(w.github.url, HOME)).toEqual(new Map());
      const rerun = await w.rotate([APP]).done;
      w.learn(rerun, [APP]);
      expect(errorsOf(rerun)).toEqual([]);
      expectNobodyLockedOut(w);
      expectNoUnheldKey(w);
      for (const run of [refused, rerun]) expectNoLeaks(run, w.secrets);
    });

    for (const { name, reason, advice } of [
      { name: 'the value too big', reason: 'Variable values are limited to 48 KB (this one is 49200 bytes).', advice: /too big for GitHub\. Retire the targets no longer rotated \(retire-targets\)/ },
      { name: 'any other refusal', reason: "Invalid request.\n\nFor 'properties/value', nil is not a string.", advice: /Check the variable KEYTURN_RECORD_\w+ in acme\/ops: GitHub refused it as written/ },
    ]) {
      it(`${name}, before the first secret write: the new key is revoked, every target keeps its key`, async ({ onTestFinished }) => {
        const w = await world(onTestFinished);
        w.seed([APP, PROD]);
        const first = await w.rotate([APP, PROD]).done;
        w.learn(first, [APP, PROD]);
        expect(errorsOf(first)).toEqual([]);
        const [head] = [...(await recordVariables(w.github.url, HOME)).keys()];
        const heldBefore = [w.held(APP), w.held(PROD)];
        w.github.faults.add({ method: 'PATCH', path: `/repos/${HOME}/actions/variables/${head}`, ...refusal(reason) });
        const refused = await w.rotate([APP, PROD]).done;
        const quoted = reason.replace(/\s+/g, ' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const error = expectActionableFailure(refused);
        expect(error).toMatch(new RegExp(`Recording which targets may hold the new key failed: .*GitHub answered 422: "${quoted}"; no secret was written and the new key \\d+ was revoked`));
        expect(error).toMatch(advice);
        expect(error).toContain('The current key still works');
        expect([w.held(APP), w.held(PROD)]).toEqual(heldBefore);
        expectNobodyLockedOut(w);
        expectNoUnheldKey(w);
        const rerun = await w.rotate([APP, PROD]).done;
        w.learn(rerun, [APP, PROD]);
        expect(errorsOf(rerun)).toEqual([]);
        expectNobodyLockedOut(w);
        expectNoUnheldKey(w);
        for (const run of [first, refused, rerun]) expectNoLeaks(run, w.secrets);
      });
    }
  });
});

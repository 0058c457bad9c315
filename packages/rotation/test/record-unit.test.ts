// Issue 22: the target record as one explicit unit, in process (moved from
// test/reliability/record-unit.test.ts, which keeps what proves the bundled Action: an unreadable
// record refused in the Action's words and rebuilt with its rebuild-record input, and the kind and
// managing-key inputs). A record that a newer keyturn wrote is refused before anything changes,
// rebuildRecord or not; a format-1 record is read and moved to its format-2 variable; a repository at
// GitHub's variable limit is refused before anything changes, naming what to delete; a 422 from
// GitHub on a record write is quoted, with advice that fits it, and leaves no key behind.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from './invariants.js';
import { runRotation } from './run.js';
import { ENV, REPO, SECRET, useFreshWorld, type World } from './world.js';

const record = { repository: 'acme/web' };
const VARIABLES = '/repos/acme/web/actions/variables';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

const keyCount = () => world.platform.listKeys().length;
const recordVariables = async () => (await world.variables()).filter((v) => v.name.startsWith('KEYTURN_RECORD_'));

async function setVariable(name: string, value: string): Promise<void> {
  expect((await world.githubApi('PATCH', `${VARIABLES}/${name}`, { name, value })).status, `updating ${name}`).toBe(204);
}

/** Two runs over both targets, then ENV dropped from the list: its key must stay valid whatever happens to the record. */
async function droppedTargetWorld(): Promise<{ envKey: string; record: { name: string; value: string }; apiKey: string }> {
  const first = await runRotation(world, { record });
  expect(first.error?.message).toBeUndefined();
  const second = await runRotation(world, { record, targets: [REPO], apiKey: first.createdValues[0] });
  expect(second.error?.message).toBeUndefined();
  const [stored] = await recordVariables();
  expect(JSON.parse(stored!.value)).toMatchObject({ keyturn: 2, kind: 'personal' });
  return { envKey: world.github.secretValue(ENV, SECRET)!, record: stored!, apiKey: second.createdValues[0]! };
}

describe('the target record as one unit', () => {
  it('a record written by a newer keyturn is refused before anything changes, naming its format and the upgrade; rebuildRecord does not replace it', async () => {
    const { envKey, record: stored, apiKey } = await droppedTargetWorld();
    await setVariable(stored.name, JSON.stringify({ ...JSON.parse(stored.value), keyturn: 5 }));
    const keysBefore = keyCount();
    const refused = await runRotation(world, { record, targets: [REPO], apiKey });
    expect(refused.error?.message).toMatch(
      /written by a newer keyturn: its format is 5, and this release reads formats up to 4.*Upgrade the pinned keyturn release.*Nothing was changed/,
    );
    const stillRefused = await runRotation(world, { record, targets: [REPO], apiKey, rebuildRecord: true });
    expect(stillRefused.error?.message).toMatch(/newer keyturn/);
    expect(keyCount(), 'no key made').toBe(keysBefore);
    expect(world.platform.isKeyValid(envKey), 'the dropped target keeps its key').toBe(true);
    for (const run of [refused, stillRefused]) checkInvariants(world, run);
  });

  it('a format-1 record is read and moved to its format-2 variable', async () => {
    const { envKey, record: stored, apiKey } = await droppedTargetWorld();
    const v2 = JSON.parse(stored.value) as { family: string; secret: string; targets: Array<[number[], string[]]> };
    const targets = Object.fromEntries(
      v2.targets.flatMap(([keys, ids]) => ids.map((id) => [id, { spec: id === 'env:acme/web:production' ? ENV : id, keys }])),
    );
    const legacy = `KEYTURN_RECORD_${createHash('sha256').update(v2.family).digest('hex').slice(0, 20).toUpperCase()}`;
    expect((await world.githubApi('DELETE', `${VARIABLES}/${stored.name}`)).status).toBe(204);
    const v1 = { keyturn: 1, family: v2.family, secret: v2.secret, targets, held: [] };
    expect((await world.githubApi('POST', VARIABLES, { name: legacy, value: JSON.stringify(v1) })).status).toBe(201);
    const run = await runRotation(world, { record, targets: [REPO], apiKey });
    expect(run.error?.message).toBeUndefined();
    expect(world.platform.isKeyValid(envKey), 'the dropped target keeps its key').toBe(true);
    expect((await world.variables()).map((v) => v.name).filter((n) => n.startsWith('KEYTURN_'))).toEqual([stored.name]);
    // (checkInvariants is for runs over both targets: this one rotates REPO alone.)
    for (const value of world.held())
      expect(value !== undefined && world.platform.isKeyValid(value), 'every target holds a working key').toBe(true);
  });

  it("a repository at GitHub's limit of 500 variables is refused before any key is made, saying what to delete", async () => {
    for (let i = 0; i < 500; i++)
      expect((await world.githubApi('POST', VARIABLES, { name: `USER_VARIABLE_${i}`, value: 'x' })).status).toBe(201);
    expect((await world.githubApi('POST', VARIABLES, { name: 'ONE_MORE', value: 'x' })).status).toBe(422);
    const keysBefore = keyCount();
    const refused = await runRotation(world, { record });
    // The record's variable, and the lease's while the run writes.
    expect(refused.error?.message).toMatch(
      /needs 2 more variable\(s\) \(KEYTURN_RECORD_\w+, and its lease\).*hold 500 of the 500 GitHub allows.*Delete variables of that repository/,
    );
    expect(keyCount(), 'no key made').toBe(keysBefore);
    checkInvariants(world, refused);
  });

  describe('a 422 from GitHub on a record write is quoted, with advice that fits it, and leaves no key behind', () => {
    const DOCS = 'https://docs.github.com/rest/actions/variables';
    const refusal = (message: string) => ({
      kind: 'status' as const,
      status: 422,
      body: { message, documentation_url: DOCS, status: '422' },
      times: 1 as const,
    });

    it('the variable limit, before the key is made: nothing made, the advice says what to delete', async () => {
      const reason = 'Failed to create variable: the repository has reached the limit of 500 variables.';
      // The lease's create passes; the record's is refused.
      world.github.faults.add({ method: 'POST', path: VARIABLES, kind: 'delay', ms: 0, times: 1 });
      world.github.faults.add({ method: 'POST', path: VARIABLES, ...refusal(reason) });
      const keysBefore = keyCount();
      const refused = await runRotation(world, { record });
      expect(refused.error?.message).toMatch(
        /Before making the key: Writing the record of which targets hold the keys \(KEYTURN_RECORD_\w+\) to the variables of acme\/web failed: GitHub answered 422: "Failed to create variable: the repository has reached the limit of 500 variables\.".*GitHub allows 500 variables a repository.*Delete variables of acme\/web that no workflow uses.*No key was made and no secret was changed/,
      );
      expect(keyCount(), 'no key made').toBe(keysBefore);
      expect(await recordVariables()).toEqual([]);
      checkInvariants(world, refused);
      const rerun = await runRotation(world, { record });
      expect(rerun.error?.message).toBeUndefined();
      checkInvariants(world, rerun);
    });

    it.each([
      {
        name: 'the value too big',
        reason: 'Variable values are limited to 48 KB (this one is 49200 bytes).',
        advice: /too big for GitHub\. Retire the targets no longer rotated \(`retireTargets`\)/,
      },
      {
        name: 'any other refusal',
        reason: "Invalid request.\n\nFor 'properties/value', nil is not a string.",
        advice: /Check the variable KEYTURN_RECORD_\w+ in acme\/web: GitHub refused it as written/,
      },
    ])('$name, before the first secret write: the new key is revoked, every target keeps its key', async ({ reason, advice }) => {
      const first = await runRotation(world, { record });
      expect(first.error?.message).toBeUndefined();
      const [head] = await recordVariables();
      const heldBefore = world.held();
      world.github.faults.add({ method: 'PATCH', path: `${VARIABLES}/${head!.name}`, ...refusal(reason) });
      const refused = await runRotation(world, { record, apiKey: first.createdValues[0] });
      const quoted = reason.replace(/\s+/g, ' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(refused.error?.message).toMatch(
        new RegExp(
          `Recording which targets may hold the new key failed: .*GitHub answered 422: "${quoted}"; no secret was written and the new key \\d+ was revoked`,
        ),
      );
      expect(refused.error?.message).toMatch(advice);
      expect(refused.error?.message).toContain('The current key still works');
      expect(world.held()).toEqual(heldBefore);
      checkInvariants(world, refused);
      const rerun = await runRotation(world, { record, apiKey: first.createdValues[0] });
      expect(rerun.error?.message).toBeUndefined();
      checkInvariants(world, rerun);
    });
  });
});

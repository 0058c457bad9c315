// Each kind of key rotates through the one protocol, against the emulator over HTTP: a personal key,
// an organization key (managing its own organization's keys, or through a managing key) and a
// project-scoped key (through a managing key, as it manages no keys). Keys are really made, proven,
// sealed into the targets and opened; the old ones revoked as keep says; keys of another kind or
// project, named as the family's, are never touched.

import { OptionError } from '@keyturn/api';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRotateKeyOptions } from '../src/index.js';
import { FAMILY, KIND_CASES, type KindCase, type KindWorld, ORG, startKindWorld } from './kinds-world.js';
import { TARGETS, TOKEN } from './world.js';

let world: KindWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});
const start = async (kindCase: KindCase) => {
  world = await startKindWorld(kindCase);
  return world;
};
const live = (w: KindWorld, id: number) => w.platform.listKeys().find((k) => k.id === id)?.revoked === false;
/** Who made each request of `method` (the emulator logs the key id as `key:ID`). */
const actors = (w: KindWorld, method: string) => w.platform.log.entries({ method }).map((r) => r.actor);
const noLeak = (w: KindWorld, text: string) => {
  for (const secret of w.secrets) expect(text.includes(secret), 'a key value or token was printed').toBe(false);
};

describe.each(KIND_CASES)('a %s key', (kindCase) => {
  it.each([1, 2])('rotates with keep %i: made, proven, sealed into every target, the older keys revoked', async (keep) => {
    const w = await start(kindCase);
    const { report, error, logs, created } = await w.rotate({ keep });
    expect(error).toBeUndefined();
    const [value] = created;
    expect(w.held()).toEqual(TARGETS.map(() => value));
    expect(w.platform.isKeyValid(value!)).toBe(true);
    const made = w.platform.listKeys().find((k) => k.id === report!.keyId)!;
    expect(made.name).toMatch(new RegExp(`^${FAMILY}-\\d{8}T\\d{6}Z-[a-z0-9]{4}$`));
    // The key is of the kind rotated.
    const { keyKind } = w;
    expect(made.org_id).toBe(keyKind.kind === 'personal' ? undefined : ORG);
    expect(made.project_id).toBe(keyKind.kind === 'project' ? w.projectId : undefined);
    const [older, previous] = w.seeded;
    expect(live(w, older!.id)).toBe(false);
    expect(live(w, previous!.id)).toBe(keep === 2);
    expect(report!.revokedKeyIds.sort()).toEqual((keep === 2 ? [older!.id] : [older!.id, previous!.id]).sort());
    for (const lookAlike of w.lookAlikes) expect(live(w, lookAlike.id), `look-alike ${lookAlike.id}`).toBe(true);
    // Proven by itself: the new key made a request; with a managing key, it created and revoked.
    expect(w.platform.log.entries({ method: 'GET' }).some((r) => r.actor === `key:${report!.keyId}`)).toBe(true);
    const manager = w.managing ? `key:${w.managing.id}` : undefined;
    expect(actors(w, 'POST')).toEqual([manager ?? `key:${previous!.id}`]);
    expect(new Set(actors(w, 'DELETE'))).toEqual(new Set([manager ?? `key:${report!.keyId}`]));
    noLeak(w, JSON.stringify({ report, logs }));
  });

  it('dry run makes nothing and plans the kind only', async () => {
    const w = await start(kindCase);
    const { report, error } = await w.rotate({ dryRun: true });
    expect(error).toBeUndefined();
    expect(report).toMatchObject({ dryRun: true, plan: { revokeKeyIds: w.seeded.map((k) => k.id) } });
    expect(w.platform.log.entries().filter((r) => r.method !== 'GET')).toEqual([]);
    expect(w.held()).toEqual(TARGETS.map(() => w.seeded[1]!.key));
  });
});

describe('key kinds: mistakes and refusals', () => {
  it('refuses a project-scoped rotation without a managing key, before any request', async () => {
    const w = await start('project');
    const { error } = await w.rotate({ managingApiKey: undefined }).catch((e: unknown) => ({ error: e }));
    expect(error).toBeInstanceOf(OptionError);
    expect(error).toMatchObject({
      option: 'managingApiKey',
      message: expect.stringContaining('store a personal key of a member of the organization'),
    });
    expect(w.platform.log.entries()).toEqual([]);
    // And the platform would have refused it: a project-scoped key cannot list keys.
    const listed = await fetch(`${w.platform.url}/organizations/${ORG}/api_keys`, {
      headers: { authorization: `Bearer ${w.seeded[1]!.key}` },
    });
    expect(listed.status).toBe(403);
  });

  it('names every mistake of keyKind and managingApiKey', () => {
    const base = { platform: { apiKey: 'key-a' }, github: { token: TOKEN }, targets: TARGETS, lease: false as const };
    const options = (extra: object) => checkRotateKeyOptions({ ...base, ...extra }).map((p) => `${p.option}: ${p.message}`);
    expect(options({ managingApiKey: 'key-b' })).toEqual([
      expect.stringMatching(/^managingApiKey: .*a personal key is made by the user whose key makes it/),
    ]);
    expect(options({ keyKind: { kind: 'project', orgId: ORG, projectId: 'p-1' }, managingApiKey: 'key-a' })).toEqual([
      expect.stringMatching(/^managingApiKey: managingApiKey is the key being rotated/),
    ]);
    expect(options({ keyKind: { kind: 'project', orgId: 'Acme Inc' }, managingApiKey: 'key-b' })).toEqual([
      expect.stringMatching(/^keyKind.orgId: orgId must be an id/),
      expect.stringMatching(/^keyKind.projectId: projectId is required/),
    ]);
    expect(options({ keyKind: { kind: 'organization', orgId: ORG, projectId: 'p-1' } })).toEqual([
      expect.stringMatching(/^keyKind.projectId: `keyKind.projectId` is given, but `keyKind` is organization, which does not use it/),
    ]);
    expect(options({ keyKind: { kind: 'team' } })).toEqual([
      expect.stringMatching(/^keyKind.kind: kind must be one of personal, organization, project/),
    ]);
    expect(options({ keyKind: { kind: 'organization', orgId: ORG }, managingApiKey: 'ghp_0123456789abcdefABCDEF0123456789abcd' })).toEqual([
      expect.stringMatching(/^managingApiKey: managingApiKey is shaped like a GitHub token/),
    ]);
    expect(options({ keyKind: { kind: 'organization', orgId: ORG } })).toEqual([]);
  });

  it("a member's personal key as the managing key of an organization key: refused at create, nothing made, the advice names managingApiKey", async () => {
    const w = await start('organization, managed');
    const dana = w.platform.createUser('Dana');
    w.platform.setRole(ORG, dana.id, 'member');
    const member = w.platform.createKey('dana managing', { userId: dana.id });
    w.secrets.push(member.key);
    const before = w.platform.listKeys().length;
    const { error } = await w.rotate({ managingApiKey: member.key });
    expect(error).toMatchObject({ code: 'platform-failed', step: 'create' });
    expect(error!.advice).toMatch(
      /^The key in `managingApiKey` may not manage the keys of organization key of org-acme-1234: it must be a personal key of an admin/,
    );
    expect(w.platform.listKeys()).toHaveLength(before);
    expect(w.held()).toEqual(TARGETS.map(() => w.seeded[1]!.key));
    noLeak(w, error!.message);
  });

  it('a managing key outside the organization, or a project-scoped one: a preflight failure naming managingApiKey, nothing made', async () => {
    const w = await start('project');
    const stranger = w.platform.createKey('stranger', { userId: w.platform.createUser('Eve').id });
    const projectKey = w.platform.createOrgKey(ORG, 'deploy', { projectId: w.otherProjectId });
    w.secrets.push(stranger.key, projectKey.key);
    for (const managingApiKey of [stranger.key, projectKey.key]) {
      const before = w.platform.listKeys().length;
      const { error } = await w.rotate({ managingApiKey });
      expect(error).toMatchObject({ code: 'platform-failed', step: 'preflight' });
      expect(error!.summary).toContain('with the key in `managingApiKey`');
      expect(error!.advice).toMatch(/^The key in `managingApiKey` may not manage the keys of project-scoped key of project/);
      expect(w.platform.listKeys()).toHaveLength(before);
      noLeak(w, error!.message);
    }
  });

  it('a project key of another project in the secret: a preflight failure saying to check the ids, nothing made', async () => {
    const w = await start('project');
    const stray = w.platform.createOrgKey(ORG, 'blog deploy', { projectId: w.otherProjectId });
    w.secrets.push(stray.key);
    const before = w.platform.listKeys().length;
    const { error } = await w.rotate({ platform: w.platformOptions(stray.key) });
    expect(error).toMatchObject({ code: 'platform-failed', step: 'preflight' });
    expect(error!.advice).toMatch(
      /^The key in the secret NEON_API_KEY cannot read project .* it must be a project-scoped key of project .*check `keyKind`, `keyKind.orgId` and `keyKind.projectId`/,
    );
    expect(w.platform.listKeys()).toHaveLength(before);
    noLeak(w, error!.message);
  });

  it('the rotated key refused and the managing key refused get different advice', async () => {
    const w = await start('project');
    const rotated = w.seeded[1]!;
    w.platform.faults.add({ method: 'GET', path: `/projects/${w.projectId}`, kind: 'status', status: 401, times: 'always' });
    const refusedRotated = (await w.rotate()).error!;
    w.platform.faults.clear();
    w.platform.faults.add({ method: 'GET', path: `/organizations/${ORG}/api_keys`, kind: 'status', status: 401, times: 'always' });
    const refusedManaging = (await w.rotate()).error!;
    expect(refusedRotated).toMatchObject({ code: 'current-key-rejected', step: 'preflight' });
    expect(refusedRotated.advice).toMatch(/^The key in the secret NEON_API_KEY no longer works/);
    expect(refusedManaging).toMatchObject({ code: 'platform-failed', step: 'preflight' });
    expect(refusedManaging.advice).toMatch(/^The key in `managingApiKey` no longer works .*The rotated key was not the problem/);
    expect(w.held()).toEqual(TARGETS.map(() => rotated.key));
  });
});

describe('key kinds: the new key refused is a newer rotation, the managing key refused is not', () => {
  /** Arms `status` on the nth request of `path` (the ones before pass through a zero-delay fault). */
  const armNth = (w: KindWorld, path: string, nth: number, status: number) => {
    w.platform.faults.add({ method: 'GET', path, kind: 'delay', ms: 0, times: nth - 1 });
    w.platform.faults.add({ method: 'GET', path, kind: 'status', status, times: 1 });
  };

  it("the new key's own request refused in the revoke step: a concurrent rotation, nothing revoked", async () => {
    const w = await start('project');
    // GET /projects/{id}: the preflight, the verify step, before the second write, the revoke step.
    armNth(w, `/projects/${w.projectId}`, 4, 401);
    const { error, created } = await w.rotate();
    expect(error).toMatchObject({ code: 'concurrent-rotation', step: 'revoke' });
    expect(w.held()).toEqual(TARGETS.map(() => created[0]));
    for (const key of w.seeded) expect(live(w, key.id)).toBe(true);
  });

  it('the managing key refused in the revoke step: revoke-failed, advice naming managingApiKey, every target holds the new key', async () => {
    const w = await start('project');
    // The organization's listing: the preflight, the verify step, before the second write, the revoke step.
    armNth(w, `/organizations/${ORG}/api_keys`, 4, 401);
    const { error, created } = await w.rotate();
    expect(error).toMatchObject({ code: 'revoke-failed', step: 'revoke' });
    expect(error!.advice).toMatch(/^Every target holds the new key and works\. The key in `managingApiKey` no longer works/);
    expect(w.held()).toEqual(TARGETS.map(() => created[0]));
  });

  it('the managing key refused while verifying: not waited for, the new key revoked, nothing written', async () => {
    const w = await start('organization, managed');
    armNth(w, `/organizations/${ORG}/api_keys`, 2, 401);
    const { error } = await w.rotate({ verify: { timeoutMs: 60_000, intervalMs: 20 } });
    expect(error).toMatchObject({ code: 'verify-failed', step: 'verify', report: { newKeyRevoked: true } });
    expect(error!.advice).toContain('The key in `managingApiKey` no longer works');
    expect(w.held()).toEqual(TARGETS.map(() => w.seeded[1]!.key));
  });
});

// Moved from test/reliability/record-unit.test.ts (issue 22): what the target record knows across
// kinds of key. The bundle's kind inputs are proven by test/reliability's kinds-and-credentials.
describe('key kinds and the target record', () => {
  const record = { repository: 'acme/web' };
  const VARIABLES = '/repos/acme/web/actions/variables';
  const variables = async (w: KindWorld) => {
    const answer = await fetch(`${w.github.url}${VARIABLES}?per_page=30`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return ((await answer.json()) as { variables: Array<{ name: string; value: string }> }).variables.filter((v) =>
      v.name.startsWith('KEYTURN_RECORD_'),
    );
  };
  const writes = (w: KindWorld) => [...w.platform.log.entries(), ...w.github.log.entries()].filter((r) => r.method !== 'GET').length;
  /** The family's live keys, look-alikes left out. */
  const familyLive = (w: KindWorld) =>
    w.platform
      .listKeys()
      .filter((k) => !k.revoked && k.name.startsWith(`${FAMILY}-`) && !w.lookAlikes.some((l) => l.id === k.id))
      .map((k) => k.id);
  const expectEveryTargetHoldsAWorkingKey = (w: KindWorld) => {
    for (const value of w.held())
      expect(value !== undefined && w.platform.isKeyValid(value), 'every target holds a working key').toBe(true);
  };

  it('an older key of the family as managingApiKey is refused before anything changes, naming the key to use; a key of no family manages fine', async () => {
    const w = await start('organization');
    // keep 2: the previous key of the family stays valid, and the record keeps its fingerprint.
    const first = await w.rotate({ keep: 2, record });
    const older = { id: first.report!.keyId!, key: first.created[0]! };
    const second = await w.rotate({ keep: 2, record });
    expect([first.error?.message, second.error?.message]).toEqual([undefined, undefined]);
    expect(w.platform.isKeyValid(older.key)).toBe(true);

    const keyStates = () => w.platform.listKeys().map((k) => ({ id: k.id, revoked: k.revoked }));
    const [keysBefore, variablesBefore, heldBefore, writesBefore] = [keyStates(), await variables(w), w.held(), writes(w)];
    const refused = await w.rotate({ keep: 2, record, managingApiKey: older.key });
    expect(refused.error?.message).toMatch(
      new RegExp(
        `The key in \`managingApiKey\` is key ${older.id} \\(${FAMILY}-[^)]+\\) of family ${FAMILY}, whose keys this rotation revokes.*Manage with a key outside the family: the personal key of an organization admin.*or an organization key of another family\\. Nothing was changed`,
      ),
    );
    expect(keyStates(), 'no key made or revoked').toEqual(keysBefore);
    expect(await variables(w), 'no variable written').toEqual(variablesBefore);
    expect(w.held(), 'no secret written').toEqual(heldBefore);
    expect(writes(w), 'nothing but reads').toBe(writesBefore);
    expect(w.platform.isKeyValid(older.key)).toBe(true);

    // The advice followed: an organization key of no family manages the rotation, and stays valid.
    const admin = w.platform.createOrgKey(ORG, 'ops managing key');
    w.secrets.push(admin.key);
    const managed = await w.rotate({ record, managingApiKey: admin.key });
    expect(managed.error?.message).toBeUndefined();
    expect(w.platform.isKeyValid(admin.key), 'the managing key still works').toBe(true);
    expectEveryTargetHoldsAWorkingKey(w);
    expect(familyLive(w), 'no other key of the family is valid').toEqual([managed.report!.keyId]);
    for (const run of [first, second, refused, managed])
      noLeak(w, JSON.stringify({ report: run.report, error: run.error, logs: run.logs }));
  });

  it('a secret switched from project-scoped keys back to personal ones names every live key of the old kind each run until revoked; the reverse switch too', async () => {
    const w = await start('project');
    const admin = w.managing!;
    const revokeInConsole = async (path: string) => {
      const response = await fetch(`${w.platform.url}${path}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin.key}` } });
      expect(response.status, `revoking ${path}`).toBe(200);
    };
    const personal = { keyKind: { kind: 'personal' as const }, managingApiKey: undefined, record };
    const liveOfKind = (project: boolean) =>
      w.platform
        .listKeys()
        .filter(
          (k) =>
            !k.revoked &&
            k.name.startsWith(`${FAMILY}-`) &&
            !w.lookAlikes.some((l) => l.id === k.id) &&
            (k.project_id !== undefined) === project,
        )
        .map((k) => k.id)
        .sort((a, b) => a - b);
    /** The ids and variable the run's warning about the other kind names (undefined: no such warning). */
    const oldKindWarning = (run: { report?: { warnings: string[] } }, kind: string) => {
      const warning = run.report?.warnings.find((m) => m.includes(`no target holds a key of family ${FAMILY} (${kind}`));
      if (!warning) return undefined;
      const ids = /revoke keys? ([\d, ]+) in the platform console/.exec(warning)?.[1];
      return {
        ids: (ids ?? '')
          .split(', ')
          .filter(Boolean)
          .map(Number)
          .sort((a, b) => a - b),
        variable: /delete the variable (KEYTURN_RECORD_\w+)/.exec(warning)?.[1],
      };
    };
    const deleteVariable = async (name: string) => {
      const response = await fetch(`${w.github.url}${VARIABLES}/${name}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status, `deleting ${name}`).toBe(204);
    };

    // Project-scoped rotations with keep 2: the previous key (made in the console, never fingerprinted) stays valid.
    const project = await w.rotate({ keep: 2, record });
    expect(project.error?.message).toBeUndefined();
    expect(liveOfKind(true)).toHaveLength(2);

    // Switched to a personal key made in the console (its id named once, as a first rotation does).
    const firstPersonal = w.platform.createKey('console personal key');
    w.secrets.push(firstPersonal.key);
    const switched = await w.rotate({ ...personal, platform: w.platformOptions(firstPersonal.key), revokeKeyIds: [firstPersonal.id] });
    expect(switched.error?.message).toBeUndefined();
    expectEveryTargetHoldsAWorkingKey(w);
    const named = oldKindWarning(switched, `project:${ORG}/${w.projectId}`);
    // The record names the keys its family kept (a key revoked since may be among them: this run cannot list that kind).
    expect(named?.ids, 'every live project-scoped key of the family is named, none left silently valid').toEqual(
      expect.arrayContaining(liveOfKind(true)),
    );
    expect(named?.variable).toMatch(/^KEYTURN_RECORD_/);
    expect(liveOfKind(false), 'the personal family: the new key alone').toEqual([switched.report!.keyId]);
    expect(w.platform.isKeyValid(firstPersonal.key)).toBe(false);

    // Every run names them until they are gone.
    const again = await w.rotate(personal);
    expect(again.error?.message).toBeUndefined();
    expect(oldKindWarning(again, `project:${ORG}/${w.projectId}`)).toEqual(named);
    for (const id of liveOfKind(true)) await revokeInConsole(`/organizations/${ORG}/api_keys/${id}`);
    await deleteVariable(named!.variable!);
    const settled = await w.rotate(personal);
    expect(settled.error?.message).toBeUndefined();
    expect(settled.report!.warnings).toEqual([]);
    expect(familyLive(w), 'no other key of the family is valid').toEqual([settled.report!.keyId]);
    expectEveryTargetHoldsAWorkingKey(w);

    // The reverse switch: back to a project-scoped key made in the console.
    const consoleProjectKey = w.platform.createOrgKey(ORG, 'console project key', { projectId: w.projectId });
    w.secrets.push(consoleProjectKey.key);
    const reversed = await w.rotate({ record, platform: w.platformOptions(consoleProjectKey.key), revokeKeyIds: [consoleProjectKey.id] });
    expect(reversed.error?.message).toBeUndefined();
    expectEveryTargetHoldsAWorkingKey(w);
    const personalNamed = oldKindWarning(reversed, 'personal');
    expect(personalNamed?.ids, 'every live personal key of the family is named').toEqual(expect.arrayContaining(liveOfKind(false)));
    expect(liveOfKind(false)).not.toEqual([]);
    expect(liveOfKind(true)).toEqual([reversed.report!.keyId]);
    for (const id of liveOfKind(false)) await revokeInConsole(`/api_keys/${id}`);
    await deleteVariable(personalNamed!.variable!);
    const done = await w.rotate({ record });
    expect(done.error?.message).toBeUndefined();
    expect(done.report!.warnings).toEqual([]);
    expect(familyLive(w)).toEqual([done.report!.keyId]);
    expectEveryTargetHoldsAWorkingKey(w);
    for (const run of [project, switched, again, settled, reversed, done])
      noLeak(w, JSON.stringify({ report: run.report, error: run.error, logs: run.logs }));
  });
});

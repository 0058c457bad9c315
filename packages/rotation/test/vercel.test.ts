// Vercel projects as targets, against the platform, GitHub and Vercel emulators over real HTTP: a
// repository secret and a Vercel production variable are written, production is redeployed and
// awaited until READY, and only then is the old key revoked; a failing build leaves the old key
// valid and names the deployment; a development variable is written encrypted; an existing
// variable keeps its type, comment and environments; 401, 403, 404 and 429 say what to do.

import { startVercelEmulator, type VercelEmulator } from '@keyturn/emulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RotateKeyOptions } from '../src/index.js';
import { type RotationRun, runRotation } from './run.js';
import { REPO, SECRET, startWorld, type World } from './world.js';

const VERCEL_TOKEN = 'vercel_token_of_a_member_0001';
const WEB = { project: 'web', team: 'acme' };
const TARGET = 'vercel:web@acme';
/** Builds take 0.1 s of the emulator's clock here (the wall clock): a run waits for them. */
const BUILD = { queuedMs: 20, buildMs: 100 };

let world: World;
let vercel: VercelEmulator;

beforeEach(async () => {
  world = await startWorld();
  vercel = await startVercelEmulator({
    projects: ['acme/web', 'acme/docs'],
    teams: ['other'],
    buildTimes: BUILD,
    tokens: {
      [VERCEL_TOKEN]: { teams: { acme: 'member' }, personal: false },
      vercel_token_of_a_developer_02: { teams: { acme: 'developer' } },
      vercel_token_of_another_team_3: { teams: { other: 'owner' } },
    },
  });
  // Production runs with the current key, as deployed before keyturn.
  vercel.setEnv(WEB, { key: SECRET, value: world.currentKey.key, type: 'sensitive', target: ['production'] });
  vercel.deploy(WEB);
  await builds();
});
afterEach(async () => {
  await Promise.all([world.close(), vercel.close()]);
});

/** Past every build started so far. */
const builds = () => new Promise((resolve) => setTimeout(resolve, BUILD.queuedMs + BUILD.buildMs + 30));

function rotate(options: Partial<RotateKeyOptions> & { apiKey?: string } = {}): Promise<RotationRun> {
  return runRotation(world, {
    targets: [REPO, TARGET],
    record: { repository: 'acme/web' },
    vercel: { token: VERCEL_TOKEN, apiUrl: vercel.url, deployPollMs: 20, deployTimeoutMs: 5_000 },
    ...options,
  });
}

/** Every text the run gave out: logs, report, error. */
const said = (run: RotationRun) => JSON.stringify([run.logs, run.report, run.error?.message, run.error?.advice, run.error?.report]);

const variable = (ref = WEB) => vercel.envs(ref).find((v) => v.key === SECRET);

describe('a Vercel production target', () => {
  it('is written, redeployed and READY before the old key is revoked; the key never said', async () => {
    const before = vercel.deployments(WEB)[0]!;
    const run = await rotate();
    expect(run.error).toBeUndefined();
    const value = run.createdValues[0]!;
    expect(world.held()[0]).toBe(value);
    expect(variable()).toMatchObject({ value, type: 'sensitive', target: ['production'] });
    // The redeploy of production's deployment, READY, built with the new key: production serves it.
    const [redeploy] = vercel.deployments(WEB);
    expect(redeploy).toMatchObject({ redeployOf: before.id, target: 'production', readyState: 'READY' });
    expect(vercel.servedValue(WEB, SECRET)).toBe(value);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(false);
    // The old key was revoked after the build ended, never before.
    const revoked = world.platform.log.entries().find((e) => e.method === 'DELETE')!;
    expect(Date.parse(revoked.time)).toBeGreaterThanOrEqual(redeploy!.doneAt);
    const reads = vercel.log.entries().filter((e) => e.path === `/v13/deployments/${redeploy!.id}`);
    expect(reads.at(-1)!.status).toBe(200);
    expect(run.report!.notices).toEqual([]);
    // The record names no awaited deployment: the target holds the new key alone.
    const record = (await world.variables()).find((v) => v.name.startsWith('KEYTURN_RECORD_'))!;
    expect(record.value).not.toContain('awaiting');
    for (const key of [value, world.currentKey.key, VERCEL_TOKEN]) expect(said(run)).not.toContain(key);
  });

  it('a failing build leaves the old key valid and names the deployment; the next run converges', async () => {
    vercel.failBuilds(WEB);
    const first = await rotate();
    expect(first.error).toBeUndefined();
    const value = first.createdValues[0]!;
    const [failed] = vercel.deployments(WEB);
    expect(failed!.readyState).toBe('ERROR');
    // Production still runs the old build, with the old key: it stays valid, and is named.
    expect(vercel.servedValue(WEB, SECRET)).toBe(world.currentKey.key);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);
    expect(first.report!.notices).toEqual([
      expect.objectContaining({
        code: 'deployment-not-ready',
        target: TARGET,
        deploymentUrl: `https://${failed!.url}`,
        readyState: 'ERROR',
        keyIds: [world.currentKey.id],
      }),
    ]);
    expect(first.report!.revokedKeyIds).not.toContain(world.currentKey.id);
    const record = (await world.variables()).find((v) => v.name.startsWith('KEYTURN_RECORD_'))!;
    expect(JSON.parse(record.value).awaiting).toEqual({
      'vercel:web:production@acme': expect.objectContaining({ keyId: first.report!.keyId, deployment: failed!.id }),
    });
    expect(said(first)).not.toContain(value);

    // The build fixed, the next run redeploys, and every older key goes.
    const second = await rotate({ apiKey: value, revokeKeyIds: [] });
    expect(second.error).toBeUndefined();
    expect(second.report!.notices).toEqual([]);
    const newest = second.createdValues[0]!;
    expect(vercel.servedValue(WEB, SECRET)).toBe(newest);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(false);
    expect(world.platform.isKeyValid(value)).toBe(false);
    expect(world.platform.isKeyValid(newest)).toBe(true);
  });

  it('without a redeploy, the old key stays valid until a run sees a deploy made after the write', async () => {
    const serving = vercel.deployments(WEB)[0]!;
    const first = await rotate({ vercelRedeploy: false });
    expect(first.error).toBeUndefined();
    expect(vercel.deployments(WEB)).toHaveLength(1);
    expect(first.report!.notices).toEqual([
      expect.objectContaining({ code: 'awaiting-deploy', target: TARGET, afterDeployment: serving.id, keyIds: [world.currentKey.id] }),
    ]);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);
    const value = first.createdValues[0]!;

    // The user deploys: production runs the first run's key. The next run (no redeploy again) may revoke the key before it.
    vercel.deploy(WEB);
    await builds();
    expect(vercel.servedValue(WEB, SECRET)).toBe(value);
    const second = await rotate({ vercelRedeploy: false, apiKey: value, revokeKeyIds: [] });
    expect(second.error).toBeUndefined();
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(false);
    // The first run's key is in production still: it stays, named.
    expect(world.platform.isKeyValid(value)).toBe(true);
    expect(second.report!.notices).toEqual([expect.objectContaining({ code: 'awaiting-deploy', keyIds: [first.report!.keyId] })]);
  });

  it('hourly by the clock without redeploys: a deploy awaited makes no new key; once one is seen, the old key goes at its deadline', async () => {
    const start = Date.now();
    let hours = 0;
    const at = (h: number, options: Partial<RotateKeyOptions> = {}) => {
      hours = h;
      return rotate({
        vercelRedeploy: false,
        rotateEvery: '7d',
        revokeAfter: '24h',
        now: () => new Date(start + hours * 3_600_000),
        ...options,
      });
    };
    const first = await at(0);
    expect(first.error).toBeUndefined();
    const value = first.createdValues[0]!;
    const next = { apiKey: value, revokeKeyIds: [] };

    // An hour on, no deploy yet: the run makes no key (a new one would wait for the same deploy), names the key kept.
    const waiting = await at(1, next);
    expect(waiting.error).toBeUndefined();
    expect(waiting.createdValues).toEqual([]);
    expect(waiting.report!.idle).toMatchObject({ reason: 'not-due', keyId: first.report!.keyId });
    expect(waiting.report!.notices).toEqual([
      expect.objectContaining({ code: 'awaiting-deploy', target: TARGET, keyIds: [world.currentKey.id] }),
    ]);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);

    // The user deploys; before the deadline the old key stays, after it the first idle run revokes it.
    vercel.deploy(WEB);
    await builds();
    const early = await at(2, next);
    expect([early.createdValues, early.report!.notices, early.report!.revokedKeyIds]).toEqual([[], [], []]);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);
    const due = await at(25, next);
    expect(due.createdValues).toEqual([]);
    expect(due.report!.revokedKeyIds).toEqual([world.currentKey.id]);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(false);
    expect(world.platform.isKeyValid(value)).toBe(true);
  });

  it('keep 2 without redeploys: the key a deploy since has left takes no slot of keep, and goes (seed 510000073)', async () => {
    const keys: string[] = [];
    for (let run = 0; run < 3; run++) {
      const rotated = await rotate({ vercelRedeploy: false, keep: 2, ...(run > 0 && { apiKey: keys.at(-1), revokeKeyIds: [] }) });
      expect(rotated.error).toBeUndefined();
      keys.push(rotated.createdValues[0]!);
      // The user deploys after each run: production then runs that run's key.
      vercel.deploy(WEB);
      await builds();
      expect(vercel.servedValue(WEB, SECRET)).toBe(keys.at(-1));
    }
    // The third run's key waits for a deploy the run did not see; the second's runs in production
    // (kept for it, in keep's one slot beside the new key); the first's no deployment uses: revoked.
    expect(keys.map((key) => world.platform.isKeyValid(key))).toEqual([false, true, true]);
  });

  it("keeps an existing variable's type, comment and environments, and never widens them", async () => {
    vercel.setEnv(WEB, {
      key: SECRET,
      value: world.currentKey.key,
      type: 'encrypted',
      target: ['production', 'preview'],
      comment: 'the platform key',
    });
    vercel.setEnv(WEB, { key: 'OTHER', value: 'unrelated', target: ['development'] });
    const run = await rotate();
    expect(run.error).toBeUndefined();
    const envs = vercel.envs(WEB).filter((v) => v.key === SECRET);
    expect(envs).toHaveLength(1);
    expect(envs[0]).toMatchObject({
      value: run.createdValues[0],
      type: 'encrypted',
      target: ['production', 'preview'],
      comment: 'the platform key',
    });
    expect(vercel.envs(WEB).find((v) => v.key === 'OTHER')!.value).toBe('unrelated');
  });

  it('writes a development variable encrypted, says so, and deploys nothing', async () => {
    const deployments = vercel.deployments(WEB).length;
    const run = await rotate({ targets: [REPO, 'vercel:web:development@acme'] });
    expect(run.error).toBeUndefined();
    const written = vercel.envs(WEB).find((v) => v.key === SECRET && v.target.includes('development'))!;
    expect(written).toMatchObject({ type: 'encrypted', target: ['development'], value: run.createdValues[0] });
    // The production variable is another variable: untouched.
    expect(vercel.envs(WEB).find((v) => v.target.includes('production'))!.value).toBe(world.currentKey.key);
    expect(run.report!.notices).toEqual([
      expect.objectContaining({ code: 'development-not-sensitive', target: 'vercel:web:development@acme' }),
    ]);
    expect(vercel.deployments(WEB)).toHaveLength(deployments);
  });
});

describe('what Vercel refuses, before anything is made', () => {
  const refused = async (options: Partial<RotateKeyOptions>) => {
    const run = await rotate(options);
    expect(run.error).toBeDefined();
    expect(world.platform.listKeys().map((k) => k.id)).toEqual([world.consoleKey.id, world.currentKey.id]);
    expect(variable()!.value).toBe(world.currentKey.key);
    return `${run.error!.message} ${run.error!.advice}`;
  };

  it('an unknown token (Vercel answers 403 invalidToken): the token is not accepted', async () => {
    const said = await refused({ vercel: { token: 'vercel_token_nobody_knows_000', apiUrl: vercel.url } });
    expect(said).toMatch(/Vercel did not accept the token \(403\).*`vercel\.token`.*the team acme/);
    expect(said).not.toContain('vercel_token_nobody_knows_000');
  });

  it("403: the token's scope lacks the team, or its role cannot touch production", async () => {
    expect(await refused({ vercel: { token: 'vercel_token_of_another_team_3', apiUrl: vercel.url } })).toMatch(
      /its scope does not include the team acme/,
    );
    const developer = await rotate({ vercel: { token: 'vercel_token_of_a_developer_02', apiUrl: vercel.url, deployPollMs: 20 } });
    // A developer reads the project (the preflight passes) but cannot write production's variable: the run's key goes, the old one stays.
    expect(developer.error?.advice).toMatch(/cannot change Production's variables or deployments \(a Developer cannot\).*Member or Owner/);
    expect(variable()!.value).toBe(world.currentKey.key);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);
  });

  it('404: the project or the team', async () => {
    expect(await refused({ targets: [REPO, 'vercel:nope@acme'] })).toMatch(/Vercel found no project nope in the team acme \(404\)/);
    expect(await refused({ targets: [REPO, 'vercel:web@nowhere'] })).toMatch(/Vercel has no team nowhere \(404\)/);
  });

  it('429: waited out until X-RateLimit-Reset, then the run goes on', async () => {
    vercel.rateLimit({ resetIn: 1, method: 'POST', path: '/v10/projects/*/env', times: 1 });
    const run = await rotate();
    expect(run.error).toBeUndefined();
    expect(said(run)).toMatch(/Vercel rate limit reached \(POST \/v10\/projects\/[^)]+\/env\): waiting [12] s until it resets/);
    expect(vercel.servedValue(WEB, SECRET)).toBe(run.createdValues[0]);
  });
});

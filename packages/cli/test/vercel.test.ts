// Issue 34's done-when through the packed bin: one `keyturn rotate` writes a GitHub repository
// secret and a Vercel production variable, redeploys production, waits until it is READY, then
// revokes the old key; a failing build leaves the old key valid and named in the JSON output;
// VERCEL_TOKEN is named when a Vercel target has no credential. No output shows a key or token.

import { startVercelEmulator, type VercelEmulator } from '@keyturn/emulator';
import { describe, expect } from 'vitest';
import { jsonOf } from './keyturn-process.js';
import { liveKeyIds, RECORD_REPO, REPO, run, type World, it as worldIt } from './world.js';

const VERCEL_TOKEN = 'vercel_keyturn_cli_member_0001';
const WEB = { project: 'web', team: 'acme' };
const VERCEL = 'vercel:web@acme';

/** The test's world and a Vercel emulator of its own: production holds the console key, deployed. */
const it = worldIt.extend<{ vercel: VercelEmulator }>({
  vercel: async ({ world }, use) => {
    const vercel = await startVercelEmulator({
      projects: ['acme/web'],
      buildTimes: { queuedMs: 0, buildMs: 0 },
      tokens: { [VERCEL_TOKEN]: { teams: { acme: 'member' } } },
    });
    vercel.setEnv(WEB, { key: 'NEON_API_KEY', value: world.consoleKey.key, type: 'sensitive', target: ['production'] });
    vercel.deploy(WEB);
    // Later builds take a second: the run reads the redeploy while it builds, then once READY.
    vercel.setBuildTimes({ queuedMs: 0, buildMs: 1_000 });
    world.secrets.push(VERCEL_TOKEN);
    try {
      await use(vercel);
    } finally {
      await vercel.close();
    }
  },
});

const rotate = (world: World, vercel: VercelEmulator, env: Record<string, string> = { VERCEL_TOKEN }) =>
  run(
    world,
    [
      'rotate',
      '--target',
      REPO,
      '--target',
      VERCEL,
      '--record-repo',
      RECORD_REPO,
      '--revoke-key-id',
      String(world.consoleKey.id),
      '--output',
      'json',
      ...world.urls,
      '--vercel-url',
      vercel.url,
    ],
    { env },
  );

/** The value the Vercel variable holds, learned as a secret. */
function vercelValue(world: World, vercel: VercelEmulator): string {
  const value = vercel.envs(WEB).find((v) => v.key === 'NEON_API_KEY')!.value;
  if (!world.secrets.includes(value)) world.secrets.push(value);
  return value;
}

describe.concurrent('keyturn rotate into GitHub and Vercel', () => {
  it('writes both, redeploys production, waits for READY, then revokes the old key', async ({ world, vercel }) => {
    const serving = vercel.deployments(WEB)[0]!;
    const result = await rotate(world, vercel);
    expect(result.code, result.stderr).toBe(0);
    const value = vercelValue(world, vercel);
    expect(value).toBe(world.github.secretValue(REPO, 'NEON_API_KEY'));
    const [redeploy] = vercel.deployments(WEB);
    expect(redeploy).toMatchObject({ redeployOf: serving.id, readyState: 'READY' });
    expect(vercel.servedValue(WEB, 'NEON_API_KEY')).toBe(value);
    const revoked = world.platform.log.entries({ method: 'DELETE' });
    expect(Date.parse(revoked[0]!.time)).toBeGreaterThanOrEqual(redeploy!.doneAt);
    const json = jsonOf(result);
    expect(json).toMatchObject({ ok: true, targets: [REPO, VERCEL], revokedKeyIds: [world.consoleKey.id], notices: [] });
    expect(liveKeyIds(world)).toEqual([json.keyId]);
  });

  it('a failing build: the old key stays valid, named with the deployment in the notices', async ({ world, vercel }) => {
    vercel.failBuilds(WEB);
    const result = await rotate(world, vercel);
    expect(result.code, result.stderr).toBe(0);
    vercelValue(world, vercel);
    const [failed] = vercel.deployments(WEB);
    const json = jsonOf(result);
    expect(json.notices).toEqual([
      expect.objectContaining({
        code: 'deployment-not-ready',
        target: VERCEL,
        deploymentUrl: `https://${failed!.url}`,
        readyState: 'ERROR',
        keyIds: [world.consoleKey.id],
      }),
      // Named in --revoke-key-id, and kept all the same: the running deployment uses it.
      expect.objectContaining({ code: 'revoke-key-id-skipped', keyIds: [world.consoleKey.id], reason: 'deployment-may-use' }),
    ]);
    expect(json.revokedKeyIds).toEqual([]);
    expect(world.platform.isKeyValid(world.consoleKey.key)).toBe(true);
  });

  it('names VERCEL_TOKEN when a Vercel target has no Vercel credential, before anything changes', async ({ world, vercel }) => {
    const result = await rotate(world, vercel, {});
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/VERCEL_TOKEN \(or --vercel-token-file\)/);
    expect(world.platform.listKeys()).toHaveLength(1);
    expect(vercel.log.entries()).toEqual([]);
  });
});

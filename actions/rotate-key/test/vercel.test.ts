// End to end with a Vercel target: dist/index.js run as the runner runs it, writing a GitHub
// repository secret and a Vercel production variable in one run, redeploying production and
// waiting until it is READY before revoking the old key; a failing build leaves the old key valid
// and the warning names the deployment.

import { startVercelEmulator, type VercelEmulator } from '@keyturn/emulator';
import { describe, expect } from 'vitest';
import { annotations, REPO, type RotateKeyWorld, it as rotateKeyIt } from './rotate-key-world.js';

const VERCEL_TOKEN = 'vercel_rotate_key_action_0001';
const WEB = { project: 'web', team: 'acme' };
/** A build ends after one read of the Action's (it reads every 5 s): the run waits for it. */
const BUILD = { queuedMs: 0, buildMs: 1_000 };

/** The test's world and a Vercel emulator of its own, the console key in production, deployed. */
const it = rotateKeyIt.extend<{ vercel: VercelEmulator }>({
  vercel: async ({ world }, use) => {
    const vercel = await startVercelEmulator({
      projects: ['acme/web'],
      buildTimes: { queuedMs: 0, buildMs: 0 },
      tokens: { [VERCEL_TOKEN]: { teams: { acme: 'member' } } },
    });
    vercel.setEnv(WEB, { key: 'NEON_API_KEY', value: world.consoleKey.key, type: 'sensitive', target: ['production'] });
    vercel.deploy(WEB);
    world.secrets.push(VERCEL_TOKEN);
    try {
      await use(vercel);
    } finally {
      await vercel.close();
    }
  },
});

const inputs = ({ consoleKey }: RotateKeyWorld, vercel: VercelEmulator) => ({
  targets: `${REPO}\nvercel:web@acme`,
  'vercel-token': VERCEL_TOKEN,
  'vercel-url': vercel.url,
  'revoke-key-ids': String(consoleKey.id),
});

describe.concurrent('rotate-key with a Vercel target', () => {
  it('writes a repository secret and a Vercel production variable, redeploys, waits for READY, then revokes', async ({ world, vercel }) => {
    const { platform, github, consoleKey, secrets, rotate } = world;
    const serving = vercel.deployments(WEB)[0]!;
    await buildsTake(vercel, BUILD);
    const run = await rotate(inputs(world, vercel));
    const variable = vercel.envs(WEB).find((v) => v.key === 'NEON_API_KEY')!;
    secrets.push(variable.value);
    expect(annotations(run, 'error')).toEqual([]);
    expect(annotations(run, 'warning')).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(variable).toMatchObject({ type: 'sensitive', target: ['production'] });
    expect(variable.value).toBe(github.secretValue(REPO, 'NEON_API_KEY'));
    const [redeploy] = vercel.deployments(WEB);
    expect(redeploy).toMatchObject({ redeployOf: serving.id, readyState: 'READY' });
    expect(vercel.servedValue(WEB, 'NEON_API_KEY')).toBe(variable.value);
    // The build was read until READY (building at first), and the old key revoked only after it.
    const reads = vercel.log.entries({ method: 'GET', path: `/v13/deployments/${redeploy!.id}` });
    expect(reads.length).toBeGreaterThan(1);
    const revoked = platform.log.entries({ method: 'DELETE' });
    expect(revoked).toHaveLength(1);
    expect(Date.parse(revoked[0]!.time)).toBeGreaterThanOrEqual(redeploy!.doneAt);
    expect(platform.isKeyValid(consoleKey.key)).toBe(false);
    expect(run.masks).toContain(VERCEL_TOKEN);
    expect(run.outputs.targets).toBe(JSON.stringify([REPO, 'vercel:web@acme']));
  });

  it('a failing build: the old key stays valid, and the warning names the deployment', async ({ world, vercel }) => {
    const { platform, consoleKey, secrets, rotate } = world;
    vercel.failBuilds(WEB);
    await buildsTake(vercel, BUILD);
    const run = await rotate(inputs(world, vercel));
    secrets.push(vercel.envs(WEB)[0]!.value);
    expect(run.exitCode).toBe(0);
    const [failed] = vercel.deployments(WEB);
    expect(failed!.readyState).toBe('ERROR');
    const warnings = annotations(run, 'warning').join('\n');
    expect(warnings).toContain(`The redeploy https://${failed!.url} of vercel:web@acme ended ERROR`);
    expect(warnings).toMatch(new RegExp(`Key ${consoleKey.id} stays valid`));
    expect(platform.isKeyValid(consoleKey.key)).toBe(true);
    expect(JSON.parse(run.outputs['revoked-key-ids']!)).toEqual([]);
  });

  it('names the input to fix: a Vercel target without vercel-token', async ({ world, vercel }) => {
    const { platform, rotate } = world;
    const run = await rotate({ targets: 'vercel:web@acme' });
    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error').join('\n')).toMatch(/vercel-token/);
    expect(vercel.log.entries()).toEqual([]);
    expect(platform.listKeys()).toHaveLength(1);
  });
});

/** Builds from now on take `times` (the first deployment above was READY at once), set through the control API. */
async function buildsTake(vercel: VercelEmulator, times: { queuedMs: number; buildMs: number }): Promise<void> {
  const response = await fetch(`${vercel.controlUrl}/vercel/build-times`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(times),
  });
  expect(response.status).toBe(201);
}

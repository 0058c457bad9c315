// The world's versions (src/world-version.ts), which the instant invariants trust to reuse what they read:
// every way a store can change moves its emulator's version, and reads move nothing.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/index.js';
import { HOME, WRITE_TOKEN } from '../src/world.js';

async function withSim(body: (sim: Simulation) => Promise<void>): Promise<void> {
  const sim = await Simulation.start(7);
  try {
    await body(sim);
  } finally {
    await sim.close();
  }
}

describe('the world version', () => {
  it('stands through reads: state-API reads and GET requests', () =>
    withSim(async (sim) => {
      const { world, version } = sim;
      const before = ['platform', 'github', 'gitlab', 'vercel'].map((s) => version.of(s as 'github'));
      world.held('repo:acme/app', 'NEON_API_KEY');
      world.github.secretValue('repo:acme/app', 'NEON_API_KEY');
      world.platform.isKeyValid(world.managingKey.key);
      world.vercel.envs({ project: 'app', team: 'acme' });
      world.github.variables(HOME);
      world.gitlab.variables({ project: HOME });
      await sim.userRequest('GET', `/repos/${HOME}/actions/variables`);
      expect(['platform', 'github', 'gitlab', 'vercel'].map((s) => version.of(s as 'github'))).toEqual(before);
    }));

  it('moves for the emulator a request other than GET goes to, and is unknown while it is carried out', () =>
    withSim(async (sim) => {
      const { world, version } = sim;
      const github = version.of('github');
      const gitlab = version.of('gitlab');
      const request = new Request(`${world.github.url}/repos/${HOME}/actions/variables`, {
        method: 'POST',
        headers: { authorization: `token ${WRITE_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'V', value: '1' }),
      });
      const answered = world.github.handler(request);
      expect(version.of('github')).toBeUndefined();
      await sim.time.run(() => false, 1_000);
      await answered;
      await Promise.resolve();
      expect(version.of('github')).toBeGreaterThan(github!);
      expect(version.of('gitlab')).toBe(gitlab);
    }));

  it("moves with a state-API change, and with every emulator's for a method of the world's own", () =>
    withSim(async (sim) => {
      const { world, version } = sim;
      const github = version.of('github')!;
      const platform = version.of('platform')!;
      world.github.putSecretValue('repo:acme/app', 'NEON_API_KEY', 'x');
      expect(version.of('github')).toBeGreaterThan(github);
      expect(version.of('platform')).toBe(platform);
      const vercel = version.of('vercel')!;
      world.consoleKey('personal');
      expect(version.of('platform')).toBeGreaterThan(platform);
      expect(version.of('vercel')).toBeGreaterThan(vercel);
    }));
});

// Runs of one secret that meet, with no `concurrency:` group (issue 31, item 1): the lease makes one
// write at a time. Three targets, as the lock-out was seen with: the repository, its environment and
// its Dependabot secret. No run ends on a target holding a dead key; one that meets another says
// plainly that it waited, or stood down, or that the other held the lease too long.

import { describe, expect } from 'vitest';
import { leaseVariableName, writeLeaseText } from '@keyturn/rotation/targets';
import { annotations, it, type RotateKeyWorld, TOKEN } from './rotate-key-world.js';

const TARGETS = ['repo:acme/web', 'env:acme/web:production', 'dependabot:acme/web'];
const VARIABLES = '/repos/acme/web/actions/variables';
const HOLDER = 'https://github.com/acme/web/actions/runs/101';
const seedTargets = ({ github, consoleKey }: RotateKeyWorld) => {
  for (const target of TARGETS.slice(1)) github.putSecretValue(target, 'NEON_API_KEY', consoleKey.key);
};
const allWork = ({ github, platform }: RotateKeyWorld) =>
  TARGETS.every((t) => platform.isKeyValid(github.secretValue(t, 'NEON_API_KEY') ?? ''));
const notices = (run: { annotations: Array<{ level: string; message: string }> }) =>
  run.annotations
    .filter((a) => a.level === 'notice')
    .map((a) => a.message)
    .join('\n');

const LEASE = leaseVariableName('NEON_API_KEY', 'personal');

/** Another run's lease, as it writes one, put there through GitHub's API. */
async function plantLease({ github }: RotateKeyWorld, expiresInMs: number): Promise<string> {
  const started = new Date(Date.now() - 5_000).toISOString();
  const value = writeLeaseText({
    holder: HOLDER,
    nonce: 'theirs',
    started,
    expires: new Date(Date.now() + expiresInMs).toISOString(),
    state: 'held',
  });
  const answer = await fetch(`${github.url}${VARIABLES}`, {
    method: 'POST',
    headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: LEASE, value }),
  });
  expect(answer.status).toBe(201);
  return started;
}

describe.concurrent('runs of one secret that meet, no concurrency group', () => {
  it('two runs started together (keep 2): both end well, one after the other (or standing down), and every target works', async ({
    world,
  }) => {
    const { consoleKey, rotate } = world;
    seedTargets(world);
    const inputs = { targets: TARGETS.join('\n'), keep: '2', 'revoke-key-ids': String(consoleKey.id) };
    const runs = await Promise.all([rotate(inputs, { GITHUB_RUN_ID: '101' }), rotate(inputs, { GITHUB_RUN_ID: '102' })]);
    for (const run of runs) expect(run.exitCode, run.stdout).toBe(0);
    // Each rotated, or stood down: the other had revoked the key both started with (revoke-key-ids).
    for (const run of runs) expect(run.outputs['key-id'] ?? notices(run)).toMatch(/^\d+$|this run stood down/);
    expect(runs.some((r) => r.outputs['key-id'])).toBe(true);
    expect(allWork(world)).toBe(true);
    expect(runs.flatMap((r) => annotations(r, 'error'))).toEqual([]);
  }, 120_000);

  it('a lease another run holds past lease-wait: exit 1, naming that run and its start, nothing changed', async ({ world }) => {
    const { platform, github, consoleKey, rotate } = world;
    seedTargets(world);
    const started = await plantLease(world, 600_000);
    const keysBefore = platform.listKeys().length;
    const run = await rotate({ targets: TARGETS.join('\n'), 'lease-wait': '1s' });
    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error').join('\n')).toMatch(
      new RegExp(`Another run of NEON_API_KEY \\(${HOLDER}, started ${started}\\) held its lease .*Nothing was changed`),
    );
    expect(platform.listKeys().length).toBe(keysBefore);
    for (const target of TARGETS) expect(github.secretValue(target, 'NEON_API_KEY')).toBe(consoleKey.key);
  }, 60_000);

  it("waits for the run that holds the lease; that run rotated meanwhile and revoked this run's key: it stands down, exit 0", async ({
    world,
  }) => {
    const { platform, github, consoleKey, rotate } = world;
    seedTargets(world);
    // While this run waits, the other "rotates" (a new key everywhere, the old one revoked), then releases its lease.
    await plantLease(world, 600_000);
    const waiting = rotate({ targets: TARGETS.join('\n') }, { GITHUB_RUN_ID: '102' });
    for (let i = 0; i < 2400 && !github.log.entries().some((e) => e.method === 'GET' && e.path.endsWith(LEASE)); i++)
      await new Promise((r) => setTimeout(r, 25));
    const rotated = platform.createKey('the other run');
    for (const target of TARGETS) github.putSecretValue(target, 'NEON_API_KEY', rotated.key);
    const revoked = await fetch(`${platform.url}/api_keys/${consoleKey.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${rotated.key}` },
    });
    expect(revoked.status).toBe(200);
    const released = await fetch(`${github.url}${VARIABLES}/${LEASE}`, { method: 'DELETE', headers: { authorization: `token ${TOKEN}` } });
    expect(released.status).toBe(204);
    const run = await waiting;
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`holds its lease ${LEASE}: waiting for it`));
    expect(notices(run)).toMatch(/rotated it since this run began.*this run stood down\. Nothing was changed, and nothing is left to do/);
    expect(allWork(world)).toBe(true);
  }, 60_000);
});

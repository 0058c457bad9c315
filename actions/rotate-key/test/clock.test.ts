// End to end (dist/index.js as the runner runs it): rotation by the clock. rotate-every makes a run
// whose key is not due a no-op that says so in its outputs and summary, at one platform request and
// one GitHub request; revoke-after keeps a superseded key valid until its deadline, which the record
// keeps, and a no-op run past it revokes the key. The runner's clock is the wall clock: the
// platform's clock is set back to age a key, and a deadline passing is the record's deadline moved
// back, as a day passing would leave it.

import { describe, expect } from 'vitest';
import { annotations, REPO, type RotateKeyWorld, rotateKeyIt, TOKEN } from './rotate-key-world.js';

const DAY = 86_400_000;
/** How far the platform's clock is behind the wall clock: the first test's, the only one to move it. */
let platformLag = 0;
const it = rotateKeyIt({ clock: () => Date.now() - platformLag });

const VARIABLES = '/repos/acme/web/actions/variables';
const githubApi = async ({ github }: RotateKeyWorld, method: string, path: string, body?: unknown) =>
  fetch(`${github.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function recordVariable(world: RotateKeyWorld): Promise<{ name: string; value: string }> {
  const { variables } = (await (await githubApi(world, 'GET', `${VARIABLES}?per_page=30`)).json()) as {
    variables: Array<{ name: string; value: string }>;
  };
  return variables.find((v) => v.name.startsWith('KEYTURN_RECORD_'))!;
}

const held = ({ github }: RotateKeyWorld) => github.secretValue(REPO, 'NEON_API_KEY')!;
const requestsSince = ({ github, platform }: RotateKeyWorld, marks: { platform: number; github: number }) => ({
  platform: platform.log
    .entries()
    .slice(marks.platform)
    .map((r) => `${r.method} ${r.path}`),
  github: github.log
    .entries()
    .slice(marks.github)
    .map((r) => `${r.method} ${r.path}`),
});
const mark = ({ github, platform }: RotateKeyWorld) => ({ platform: platform.log.entries().length, github: github.log.entries().length });

describe('rotate-key by the clock', () => {
  it('rotate-every and revoke-after: a rotation when due, no-op runs before, and the superseded key revoked past its deadline', async ({
    world,
  }) => {
    const { platform, consoleKey, rotate, liveKeyIds } = world;
    // A key made 8 days ago (the platform's clock set back), the console key revoked by name.
    platformLag = 8 * DAY;
    const first = await rotate({ 'revoke-key-ids': String(consoleKey.id), 'revoke-after': '24h' });
    expect(first.exitCode).toBe(0);
    const k1 = platform.keyIdOf(held(world))!;
    platformLag = 0;

    const due = await rotate({ 'api-key': held(world), 'rotate-every': '7d', 'revoke-after': '24h' });
    expect(due.exitCode).toBe(0);
    expect(due.outputs.rotated).toBe('true');
    const k2 = Number(due.outputs['key-id']);
    expect(k2).toBeGreaterThan(k1);
    const revocations = JSON.parse(due.outputs['revocations-due']!) as Array<{ keyId: number; keyName: string; dueAt: string }>;
    expect(revocations.map((r) => r.keyId)).toEqual([k1]);
    const deadline = Date.parse(revocations[0]!.dueAt);
    expect(Math.abs(deadline - (Date.now() + DAY))).toBeLessThan(5 * 60_000);
    expect(liveKeyIds()).toContain(k1);

    const before = mark(world);
    const idle = await rotate({ 'api-key': held(world), 'rotate-every': '7d', 'revoke-after': '24h' });
    expect(idle.exitCode).toBe(0);
    expect(annotations(idle, 'error')).toEqual([]);
    expect(idle.outputs).toMatchObject({
      rotated: 'false',
      'key-id': '',
      'revoked-key-ids': '[]',
      'revocations-due': JSON.stringify(revocations),
    });
    expect(Date.parse(idle.outputs['not-due-until']!)).toBe(Date.parse(platform.listKeys().find((k) => k.id === k2)!.created_at) + 7 * DAY);
    expect(requestsSince(world, before)).toEqual({ platform: ['GET /api_keys'], github: [`GET ${VARIABLES}`] });
    expect(idle.summary).toContain('<h2>Key rotation of NEON_API_KEY: not due, nothing rotated</h2>');
    expect(idle.summary).toContain(
      `<tr><td>Superseded keys valid until (revoke-after)</td><td>${k1} until ${revocations[0]!.dueAt}</td></tr>`,
    );
    expect(idle.stdout).toMatch(new RegExp(`Not due: key ${k2} is younger than rotate-every 7d; nothing rotated`));
    expect(liveKeyIds()).toContain(k1);

    // A day passes: the deadline in the record is behind the runner's clock.
    const stored = await recordVariable(world);
    const moved = stored.value.replace(revocations[0]!.dueAt, new Date(Date.now() - 60_000).toISOString());
    expect(moved).not.toBe(stored.value);
    expect((await githubApi(world, 'PATCH', `${VARIABLES}/${stored.name}`, { name: stored.name, value: moved })).status).toBe(204);
    const past = await rotate({ 'api-key': held(world), 'rotate-every': '7d', 'revoke-after': '24h' });
    expect(past.exitCode).toBe(0);
    expect(past.outputs).toMatchObject({ rotated: 'false', 'revoked-key-ids': JSON.stringify([k1]), 'revocations-due': '[]' });
    expect(liveKeyIds()).not.toContain(k1);
    expect(platform.isKeyValid(held(world))).toBe(true);
  });

  it('refuses a rotate-every it cannot read, and one outside a workflow, before any request', async ({ world }) => {
    const { platform, github, rotate } = world;
    const run = await rotate({ 'rotate-every': '1 week', 'revoke-after': '5s' });
    expect(run.exitCode).toBe(1);
    const errors = annotations(run, 'error').join('\n');
    expect(errors).toMatch(
      /Input 'rotate-every' is invalid: it is "1 week", not a duration: write a whole number with a unit, m \(minutes\), h \(hours\) or d \(days\), as 90m, 12h or 7d/,
    );
    expect(errors).toMatch(/Input 'revoke-after' is invalid: it is "5s", not a duration/);
    const outside = await rotate({ 'rotate-every': '7d' }, { GITHUB_REPOSITORY: '' });
    expect(annotations(outside, 'error').join('\n')).toMatch(
      /Input 'rotate-every' needs the target record, kept in the repository running the workflow/,
    );
    expect(platform.log.entries()).toEqual([]);
    expect(github.log.entries()).toEqual([]);
  });
});

// `keyturn rotate --rotate-every/--revoke-after` (and their keyturn.yml keys) through the packed bin
// against the emulators: a run whose key is not due rotates nothing and exits 0 with `rotated`
// false and `notDue`; a superseded key's deadline is in the JSON of rotate and of status; a
// duration it cannot read is a usage error (exit 2) before any request.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { jsonOf, PROJECT } from './keyturn-process.js';
import { it, learnHeld, liveKeyIds, RECORD_REPO, REPO, run } from './world.js';

const DAY = 86_400_000;

describe('keyturn rotate by the clock', () => {
  it('a rotation leaves the superseded key valid until its deadline; a run before the key is due rotates nothing, exit 0', async ({
    world,
  }) => {
    const { consoleKey, platform } = world;
    const base = ['rotate', '--target', REPO, '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls];
    expect((await run(world, [...base, '--revoke-key-id', String(consoleKey.id)])).code).toBe(0);
    const [k1Value] = learnHeld(world, [REPO]);
    const k1 = platform.keyIdOf(k1Value!)!;

    const second = await run(world, [...base, '--revoke-after', '24h'], { apiKey: k1Value });
    expect(second.code).toBe(0);
    const rotated = jsonOf(second);
    const dueAt = (rotated.revocationsDue as Array<{ dueAt: string }>)[0]?.dueAt;
    expect(rotated).toMatchObject({
      rotated: true,
      notDue: null,
      revokedKeyIds: [],
      revocationsDue: [{ keyId: k1, keyName: expect.any(String), dueAt: expect.any(String) }],
    });
    expect(Math.abs(Date.parse(dueAt!) - (Date.now() + DAY))).toBeLessThan(5 * 60_000);
    expect(liveKeyIds(world)).toContain(k1);
    const [k2Value] = learnHeld(world, [REPO]);
    const k2 = platform.keyIdOf(k2Value!)!;

    // keyturn.yml's keys, as the flags.
    writeFileSync(join(PROJECT, 'clock.yml'), `targets:\n  - ${REPO}\nrecord-repo: ${RECORD_REPO}\nrotate-every: 7d\nrevoke-after: 24h\n`);
    const before = { platform: platform.log.entries().length, github: world.github.log.entries().length };
    const idle = await run(world, ['rotate', '--config', 'clock.yml', '--output', 'json', ...world.urls], { apiKey: k2Value });
    expect(idle.code).toBe(0);
    const json = jsonOf(idle);
    expect(json).toMatchObject({
      ok: true,
      rotated: false,
      keyId: null,
      revokedKeyIds: [],
      revocationsDue: rotated.revocationsDue,
      error: null,
    });
    expect(json.notDue).toMatchObject({ reason: 'not-due', keyId: k2, rotateEvery: '7d' });
    expect(Date.parse((json.notDue as { rotateAt: string }).rotateAt)).toBe(
      Date.parse(platform.listKeys().find((k) => k.id === k2)!.created_at) + 7 * DAY,
    );
    expect(idle.stderr).toMatch(new RegExp(`Not due: key ${k2} is younger than --rotate-every 7d`));
    expect(
      platform.log
        .entries()
        .slice(before.platform)
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual(['GET /api_keys']);
    expect(world.github.log.entries().slice(before.github)).toHaveLength(1);

    // status shows the same deadline, with the key's name.
    const status = await run(world, ['status', '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls], { apiKey: k2Value });
    expect(status.code).toBe(0);
    expect((jsonOf(status).families as Array<{ revocationsDue: unknown }>)[0]?.revocationsDue).toEqual(rotated.revocationsDue);
    const table = await run(world, ['status', '--record-repo', RECORD_REPO, ...world.urls], { apiKey: k2Value });
    expect(table.stdout).toMatch(new RegExp(`superseded key\\s+revoked at or after\\n${k1}\\s+${dueAt!.replace(/\./g, '\\.')}`));
  });

  it('refuses a duration it cannot read, naming the flag, exit 2, before any request', async ({ world }) => {
    const result = await run(world, ['rotate', '--target', REPO, '--record-repo', RECORD_REPO, '--rotate-every', '1w', ...world.urls]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /--rotate-every .*"1w", not a duration: write a whole number with a unit, m \(minutes\), h \(hours\) or d \(days\), as 90m, 12h or 7d/,
    );
    expect(world.platform.log.entries()).toEqual([]);
    expect(world.github.log.entries()).toEqual([]);
  });
});

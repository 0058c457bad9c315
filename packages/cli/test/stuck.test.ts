// `keyturn rotate` and `keyturn acknowledge` through the packed bin against the emulators: the same
// failure in STUCK_AFTER_RUNS runs in a row gets the family stuck (one issue in the record's
// repository, the webhook of KEYTURN_NOTIFY_URL posted); the next rotate makes no key and exits 8
// with `error.code` stuck; `keyturn acknowledge` clears the mark (exit 0, no key made); the next rotate
// rotates and closes the issue. No key value in the issue, the webhook or the output.

import { STUCK_AFTER_RUNS } from '@keyturn/rotation';
import { describe, expect } from 'vitest';
import { jsonOf } from './keyturn-process.js';
import { ENV, it, learnHeld, RECORD_REPO, REPO, run } from './world.js';

const ENV_SECRET = '/repos/acme/web/environments/production/secrets/NEON_API_KEY';

describe('a stuck family through the CLI', () => {
  // Several runs in a row, while the other files' cases run side by side: a case of its own length.
  it('stuck, issue opened, exit 8 with no key made, acknowledged, then a rotation that closes the issue', { timeout: 300_000 }, async ({
    world,
  }) => {
    const { platform, github } = world;
    const env = { KEYTURN_NOTIFY_URL: `${github.controlUrl}/webhooks/ops`, GITHUB_REPOSITORY: 'acme/web', GITHUB_RUN_ID: '9' };
    const args = ['--target', REPO, '--target', ENV, '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls];
    const first = await run(world, ['rotate', ...args, '--revoke-key-id', String(world.consoleKey.id)], { env });
    expect(first.code).toBe(0);
    let [current] = learnHeld(world, [REPO]);

    const refused = github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: ENV_SECRET, times: 'always' });
    for (let n = 1; n <= STUCK_AFTER_RUNS; n++) {
      const failed = await run(world, ['rotate', ...args], { env, apiKey: current });
      expect(failed.code).toBe(1);
      expect(jsonOf(failed).error).toMatchObject({ code: 'target-failed' });
    }
    github.faults.remove(refused);
    const issues = github.issues(RECORD_REPO);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ state: 'open' });
    expect(issues[0]!.title).toContain('is stuck (repeated-failure)');
    expect(issues[0]!.body).toContain('https://github.com/acme/web/actions/runs/9');
    expect(github.webhooks()).toMatchObject([{ name: 'ops', body: { reason: 'repeated-failure' } }]);

    const keysBefore = platform.listKeys().length;
    const platformBefore = platform.log.entries().length;
    const blocked = await run(world, ['rotate', ...args], { env, apiKey: current });
    expect(blocked.code).toBe(8);
    const json = jsonOf(blocked);
    expect(json).toMatchObject({ ok: false, rotated: false, keyId: null, error: { code: 'stuck', actions: [{ do: 'acknowledge' }] } });
    expect((json.notices as Array<{ code: string }>).map((n) => n.code)).toEqual(['stuck']);
    expect(platform.log.entries().length).toBe(platformBefore);
    expect(platform.listKeys()).toHaveLength(keysBefore);

    const acknowledged = await run(world, ['acknowledge', ...args], { env, apiKey: current });
    expect(acknowledged.code).toBe(0);
    expect(jsonOf(acknowledged)).toMatchObject({ command: 'acknowledge', ok: true, acknowledged: { reason: 'repeated-failure' } });
    expect(platform.listKeys()).toHaveLength(keysBefore);
    expect(github.issues(RECORD_REPO)).toMatchObject([{ state: 'open' }]);

    const next = await run(world, ['rotate', ...args], { env, apiKey: current });
    expect(next.code).toBe(0);
    expect(jsonOf(next)).toMatchObject({ ok: true, rotated: true });
    expect(github.issues(RECORD_REPO)).toMatchObject([{ state: 'closed' }]);
    [current] = learnHeld(world, [REPO]);

    const written = [...github.issues(RECORD_REPO).map((i) => `${i.title}\n${i.body}`), JSON.stringify(github.webhooks())].join('\n');
    for (const secret of world.secrets) expect(written.includes(secret)).toBe(false);
  });
});

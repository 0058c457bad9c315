// End to end (dist/index.js as the runner runs it): a stuck family. The same failure in
// STUCK_AFTER_RUNS runs in a row gets the family stuck: one issue opened in the repository running
// the workflow (with the workflow's token, issue-token) and the notify-url webhook posted; the next
// run makes no key, fails, and says so in the `stuck` output; a run with acknowledge: true clears the
// mark, rotates, and closes the issue. No key value in the issue, the webhook or the log.

import { STUCK_AFTER_RUNS } from '@keyturn/rotation';
import { describe, expect } from 'vitest';
import { annotations, ENV, it, REPO, TOKEN } from './rotate-key-world.js';

const ENV_SECRET = '/repos/acme/web/environments/production/secrets/NEON_API_KEY';
const RUN = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '7' };

describe('rotate-key: a stuck family', () => {
  // Several runs in a row, while the other files' cases run side by side: a case of its own length.
  it('gets stuck after the same failure in a row, opens one issue, makes no key until acknowledged, then closes it', {
    timeout: 300_000,
  }, async ({ world }) => {
    const { platform, github, consoleKey, secrets, rotate } = world;
    const held = () => github.secretValue(REPO, 'NEON_API_KEY')!;
    const hook = `${github.controlUrl}/webhooks/ops`;
    const inputs = () => ({ 'api-key': held(), targets: `${REPO}\n${ENV}`, 'notify-url': hook, 'issue-token': TOKEN });
    const first = await rotate({ ...inputs(), 'revoke-key-ids': String(consoleKey.id) }, RUN);
    expect(first.exitCode).toBe(0);

    const refused = github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: ENV_SECRET, times: 'always' });
    let last = first;
    for (let run = 1; run <= STUCK_AFTER_RUNS; run++) {
      last = await rotate(inputs(), RUN);
      expect(last.exitCode).toBe(1);
    }
    github.faults.remove(refused);
    expect(JSON.parse(last.outputs.stuck!)).toMatchObject({ reason: 'repeated-failure' });
    const issues = github.issues('acme/web');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ state: 'open', labels: ['keyturn-stuck'] });
    expect(issues[0]!.title).toContain('is stuck (repeated-failure)');
    expect(issues[0]!.body).toContain('https://github.com/acme/web/actions/runs/7');
    // The input's name, not the library's option: a workflow's author sets `acknowledge`.
    expect(issues[0]!.body).toContain('`acknowledge`: true');
    expect(github.webhooks()).toMatchObject([
      { name: 'ops', body: { reason: 'repeated-failure', runUrl: 'https://github.com/acme/web/actions/runs/7' } },
    ]);

    // The cause is fixed, but the family is stuck: the run fails having asked the platform nothing.
    const platformBefore = platform.log.entries().length;
    const keysBefore = platform.listKeys().length;
    const blocked = await rotate(inputs(), RUN);
    expect(blocked.exitCode).toBe(1);
    expect(JSON.parse(blocked.outputs.stuck!)).toMatchObject({ reason: 'repeated-failure' });
    expect(blocked.outputs.rotated).toBe('false');
    expect(annotations(blocked, 'error').join('\n')).toContain('is stuck');
    expect(platform.log.entries().length).toBe(platformBefore);
    expect(platform.listKeys()).toHaveLength(keysBefore);
    expect(github.issues('acme/web')).toHaveLength(1);

    const acknowledged = await rotate({ ...inputs(), acknowledge: 'true' }, RUN);
    expect(acknowledged.exitCode).toBe(0);
    expect(acknowledged.outputs.rotated).toBe('true');
    expect(acknowledged.outputs.stuck).toBeUndefined();
    expect(github.issues('acme/web')).toMatchObject([{ state: 'closed' }]);

    // The next scheduled run rotates as before.
    const next = await rotate(inputs(), RUN);
    expect(next.exitCode).toBe(0);

    const written = [...github.issues('acme/web').map((i) => `${i.title}\n${i.body}`), JSON.stringify(github.webhooks())].join('\n');
    for (const secret of secrets) expect(written.includes(secret)).toBe(false);
  });
});

// Issue 22: the target record's writes. The record in parts (read back whole, rewritten into the
// other slot, shrunk back to one variable) and a run killed at each record write, then run again,
// are played in process by the simulator (packages/simulator/test/record-writes.test.ts), the same
// cases and checks. This file keeps what proves the bundle: the Action takes a family of 1,000
// targets as its input (the list past 40,000 characters in the runner's environment).

import { startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { describe, expect, it } from 'vitest';
import { ROTATE_KEY, startAction } from './harness/action-process.js';
import { HOME } from './harness/drift-world.js';
import { errorsOf, expectNoLeaks } from './harness/invariants.js';
import { SECRET_NAME, WRITE_TOKEN } from './harness/rotation-rig.js';

describe.concurrent('the bundled Action with a family of 1,000 targets', () => {
  it('the Action takes a family of 1,000 repository targets (a dry run plans every one, the list past 20,000 characters)', async ({
    onTestFinished,
  }) => {
    const repos = Array.from({ length: 1000 }, (_, i) => `acme/service-${String(i).padStart(4, '0')}-of-the-new-platform`);
    const platform = await startPlatformEmulator();
    const github = await startGitHubEmulator({ repos: [...repos, HOME], tokens: { [WRITE_TOKEN]: 'write' } });
    onTestFinished(() => Promise.all([platform.close(), github.close()]).then(() => undefined));
    const key = platform.createKey('console key');
    const targets = repos.map((repo) => `repo:${repo}`).join('\n');
    expect(targets.length).toBeGreaterThan(40_000);
    const run = await startAction(ROTATE_KEY, {
      inputs: {
        'api-key': key.key,
        'api-url': platform.url,
        'github-token': WRITE_TOKEN,
        'secret-name': SECRET_NAME,
        targets,
        'dry-run': 'true',
      },
      env: { GITHUB_REPOSITORY: HOME, GITHUB_API_URL: github.url },
      timeoutMs: 280_000,
    }).done;
    expect(errorsOf(run)).toEqual([]);
    expect(run.exitCode).toBe(0);
    const publicKeyReads = run.probe.requests.filter((r) =>
      /^\/repos\/acme\/service-\d{4}-of-the-new-platform\/actions\/secrets\/public-key/.test(r.path),
    );
    expect(publicKeyReads, 'every target checked').toHaveLength(1000);
    expectNoLeaks(run, [key.key, WRITE_TOKEN]);
  }, 300_000); // 1,000 targets read on a shared machine: no bound on time is asserted, only that it finishes.
});

// Bad input: each malformed value fails the step with exit code 1 and an `::error::` that names the
// input, and the Action makes no request at all: the probe inside the process sees no request or
// connection, and neither emulator logs anything (so nothing was created, written or revoked).

import { startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { describe, expect, it } from 'vitest';
import { ROTATE_KEY, runProbed, WAIT_FOR_OPERATION } from './harness/action-process.js';
import { BAD_INPUTS } from './harness/bad-input-table.js';
import { errorsOf, expectNoLeaks, expectNoPieceLeaked } from './harness/invariants.js';
import { WRITE_TOKEN } from './harness/rotation-rig.js';

const CREDENTIAL_INPUTS = new Set(['api-key', 'github-token', 'managing-api-key']);

describe.concurrent('malformed inputs', () => {
  it('tries at least 30 malformed inputs across both Actions', () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(BAD_INPUTS.map((row) => row.action))).toEqual(new Set(['rotate-key', 'wait-for-operation']));
  });

  it.each(BAD_INPUTS)('$action: $input with $why', async (row) => {
    const platform = await startPlatformEmulator();
    const github = await startGitHubEmulator({ repos: ['acme/web'], tokens: { [WRITE_TOKEN]: 'write' } });
    try {
      const key = platform.createKey('ci');
      const project = platform.createProject({ name: 'shop' });
      const valid: Record<string, string> =
        row.action === 'rotate-key'
          ? { 'api-key': key.key, 'api-url': platform.url, 'github-token': WRITE_TOKEN, targets: 'repo:acme/web' }
          : { 'api-key': key.key, 'api-url': platform.url, 'project-id': project.id, timeout: '5s', interval: '100ms' };
      const run = await runProbed(row.action === 'rotate-key' ? ROTATE_KEY : WAIT_FOR_OPERATION, {
        inputs: { ...valid, [row.input]: row.value },
        env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_API_URL: github.url },
        timeoutMs: 30_000,
      });

      expect(run.exitCode).toBe(1);
      const errors = errorsOf(run);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`Input '${row.input}'`);
      expect(run.probe.requests).toEqual([]);
      expect(run.probe.connections).toEqual([]);
      expect(platform.log.entries()).toEqual([]);
      expect(github.log.entries()).toEqual([]);
      const secrets = [key.key, WRITE_TOKEN];
      if (CREDENTIAL_INPUTS.has(row.input) && row.value.trim().length >= 8) secrets.push(row.value.trim());
      expectNoLeaks(run, secrets);
      if (row.secret) expectNoPieceLeaked(run, row.secret);
    } finally {
      await Promise.all([platform.close(), github.close()]);
    }
  });
});

// `keyturn rotate` through the packed bin against the emulators: a rotation into a repository and
// an environment secret with the target record, a dry run, keyturn.yml, a failed write rolled back,
// and its JSON against the published schema; no output holds a key value.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { jsonOf, PROJECT } from './keyturn-process.js';
import { ENV, it, learnHeld, liveKeyIds, RECORD_REPO, REPO, run } from './world.js';

describe.concurrent('keyturn rotate', () => {
  it('rotates into every target, records them, and revokes the key named', async ({ world }) => {
    const { consoleKey, github, platform } = world;
    const result = await run(world, [
      'rotate',
      '--target',
      REPO,
      '--target',
      ENV,
      '--record-repo',
      RECORD_REPO,
      '--revoke-key-id',
      String(consoleKey.id),
      '--output',
      'json',
      ...world.urls,
    ]);

    expect(result.code).toBe(0);
    const json = jsonOf(result);
    const [repoValue, envValue] = learnHeld(world);
    expect(repoValue).toBe(envValue);
    expect(platform.isKeyValid(repoValue!)).toBe(true);
    const created = platform.listKeys().find((k) => k.name === json.keyName)!;
    expect(json).toMatchObject({
      command: 'rotate',
      ok: true,
      dryRun: false,
      keyId: created.id,
      targets: [REPO, ENV],
      revokedKeyIds: [consoleKey.id],
      error: null,
    });
    expect(liveKeyIds(world)).toEqual([created.id]);
    // The record was written to the record repository's variables.
    expect(github.log.entries({ method: 'POST', path: '/repos/acme/ops/actions/variables' }).length).toBeGreaterThan(0);
    // Progress on stderr, the result alone on stdout.
    expect(result.stderr).toContain('store: Writing NEON_API_KEY to env:acme/web:production');
    expect(result.stderr).toMatch(/Rotated: key \d+ .* is in 2 targets; revoked 1 key\./);
  });

  it('changes nothing in a dry run, and prints the plan as a table', async ({ world }) => {
    const { consoleKey, github, platform } = world;
    const result = await run(world, ['rotate', '--target', REPO, '--record-repo', RECORD_REPO, '--dry-run', ...world.urls]);

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/new key\s+keyturn-repo-acme-web-neon-api-key-\w+-\d{8}T\d{6}Z-\w+ \(dry run: not created\)/);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(platform.listKeys().map((k) => k.id)).toEqual([consoleKey.id]);
    expect(github.log.entries({ method: 'POST' })).toEqual([]);
  });

  it('reads targets and options from keyturn.yml, a flag winning over the file', async ({ world }) => {
    writeFileSync(
      join(PROJECT, 'rotate.yml'),
      `# the family's targets\ntargets:\n  - ${REPO}\n  - ${ENV}\nrecord-repo: ${RECORD_REPO}\nkey-name-prefix: from-the-file\n`,
    );
    const result = await run(world, [
      'rotate',
      '--config',
      'rotate.yml',
      '--key-name-prefix',
      'from-the-flag',
      '--output',
      'json',
      ...world.urls,
    ]);

    expect(result.code).toBe(0);
    const json = jsonOf(result);
    expect(json).toMatchObject({ targets: [REPO, ENV], family: 'from-the-flag' });
    // The console key stays valid: said as data (a notice), and in words beside it.
    expect(json.notices).toEqual([
      expect.objectContaining({
        code: 'unmanaged-current-key',
        keyIds: [world.consoleKey.id],
        actions: [{ do: 'name-in-revoke-key-ids', keyIds: [world.consoleKey.id] }],
      }),
    ]);
    expect(json.warnings).toEqual([expect.stringContaining(`The current key ${world.consoleKey.id} (`)]);
    const [repoValue, envValue] = learnHeld(world);
    expect(repoValue).toBe(envValue);
    expect(repoValue).not.toBe(world.consoleKey.key);
  });

  it('writes the old key back and revokes the new one when a target refuses the write (exit 1)', async ({ world }) => {
    const { consoleKey, github } = world;
    github.faults.add({
      method: 'PUT',
      path: '/repos/acme/web/environments/production/secrets/*',
      kind: 'status',
      status: 422,
      times: 'always',
    });
    const result = await run(world, [
      'rotate',
      '--target',
      REPO,
      '--target',
      ENV,
      '--record-repo',
      RECORD_REPO,
      '--output',
      'json',
      ...world.urls,
    ]);

    expect(result.code).toBe(1);
    const json = jsonOf(result);
    expect(json).toMatchObject({ ok: false, error: { code: 'target-failed', step: 'store' } });
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(liveKeyIds(world)).toEqual([consoleKey.id]);
    expect(result.stderr).toContain('keyturn: ');
    expect(result.stderr).toContain(ENV);
  });
});

// End to end: dist/index.js run as the runner runs it, against the platform and GitHub emulators
// (rotate-key-world.ts): runs that rotate, and a dry run.

import { describe, expect } from 'vitest';
import { DURATION, logPattern } from '@keyturn/action-runner';
import { annotations, ENV, it, REPO, TOKEN } from './rotate-key-world.js';

describe.concurrent('rotate-key', () => {
  it('rotates a console-made key into the current repository, masking every secret first', async ({ world }) => {
    const { platform, github, consoleKey, rotate } = world;
    const run = await rotate({});

    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'error')).toEqual([]);
    const stored = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(stored).not.toBe(consoleKey.key);
    expect(platform.isKeyValid(stored)).toBe(true);
    const created = platform.listKeys().find((k) => String(k.id) === run.outputs['key-id'])!;
    expect(created.name).toBe(run.outputs['key-name']);
    expect(created.name).toMatch(/^keyturn-repo-acme-web-neon-api-key-[0-9a-f]{6}-\d{8}T\d{6}Z-[a-z0-9]{4}$/);
    expect(run.outputs).toEqual({
      'key-id': String(created.id),
      'key-name': created.name,
      'revoked-key-ids': '[]',
      targets: JSON.stringify([REPO]),
      rotated: 'true',
    });
    // The console key is not the tool's: it stays valid, with a warning that says what to do.
    expect(platform.isKeyValid(consoleKey.key)).toBe(true);
    expect(annotations(run, 'warning')).toEqual([
      expect.stringContaining(`The current key ${consoleKey.id} ("made in the console") was not made by this rotation`),
    ]);
    // The rotation's advice names its option; the Action's user reads the input, in the log and the summary.
    expect(annotations(run, 'warning')[0]).toContain(`is not in revoke-key-ids, so it stays valid`);
    expect(annotations(run, 'warning')[0]).toContain(`run with revoke-key-ids: ${consoleKey.id} (or revoke it in the console)`);
    expect(run.summary).toContain(`run with revoke-key-ids: ${consoleKey.id} (or revoke it in the console)`);

    // Both inputs are masked before any other line, the new key before the step that made it ends.
    expect(run.stdout.startsWith(`::add-mask::${consoleKey.key}\n::add-mask::${TOKEN}\n`)).toBe(true);
    expect(run.masks).toEqual([consoleKey.key, TOKEN, stored]);
    expect(run.stdout.indexOf(`::add-mask::${stored}`)).toBeLessThan(run.stdout.indexOf('::group::Verify the new key'));
    expect(run.groups).toEqual([
      'Preflight: check the current key and every target',
      'Create the new key',
      'Verify the new key',
      'Store the new key in every target',
      'Revoke old keys',
    ]);
    expect(run.visibleStdout).toMatch(logPattern(String.raw`^GET /api_keys -> 200 in ${DURATION}$`));
    expect(run.visibleStdout).toMatch(logPattern(String.raw`^POST /api_keys -> 200 in ${DURATION}$`));
    expect(run.visibleStdout).toMatch(
      logPattern(String.raw`^GitHub PUT /repos/[^ ]+/actions/secrets/NEON_API_KEY -> 20[14] in ${DURATION}$`),
    );
    expect(run.summary).toContain('<h2>Key rotation of NEON_API_KEY: done</h2>');
    expect(run.summary).toContain(`<tr><td>New key id</td><td>${created.id}</td></tr>`);
    expect(run.summary).toContain(`<tr><td>Targets written</td><td>${REPO}</td></tr>`);
    expect(run.summary).toContain('<tr><td>Keys revoked</td><td>none</td></tr>');
    // One target, one live key: every count agrees with its noun, and no "(s)" hedges it.
    expect(run.stdout).toContain('1 target holds key');
    expect(run.stdout).toMatch(/it listed 1 live key$/m);
    expect(run.stdout).not.toMatch(/\b1 (live )?(keys|targets|operations|variables|secrets|polls|requests)\b/);
    expect(run.stdout).not.toMatch(/\w\(s\)/);
  });

  it('retires the console key, then each run revokes the family keys beyond keep', async ({ world }) => {
    const { platform, github, consoleKey, rotate, liveKeyIds } = world;
    const first = await rotate({ targets: `${REPO}\n${ENV}`, 'revoke-key-ids': String(consoleKey.id) });
    expect(first.exitCode).toBe(0);
    expect(annotations(first, 'warning')).toEqual([]);
    const firstKey = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(github.secretValue(ENV, 'NEON_API_KEY')).toBe(firstKey);
    expect(platform.isKeyValid(consoleKey.key)).toBe(false);
    expect(JSON.parse(first.outputs['revoked-key-ids']!)).toEqual([consoleKey.id]);
    expect(JSON.parse(first.outputs.targets!)).toEqual([REPO, ENV]);

    const second = await rotate({ 'api-key': firstKey, targets: `${REPO}, ${ENV}`, keep: '2' });
    expect(second.exitCode).toBe(0);
    expect(second.outputs['revoked-key-ids']).toBe('[]');
    expect(liveKeyIds()).toEqual([Number(first.outputs['key-id']), Number(second.outputs['key-id'])]);

    const third = await rotate({ 'api-key': github.secretValue(REPO, 'NEON_API_KEY')!, targets: `${REPO}, ${ENV}` });
    expect(third.exitCode).toBe(0);
    expect(JSON.parse(third.outputs['revoked-key-ids']!).sort()).toEqual(
      [Number(first.outputs['key-id']), Number(second.outputs['key-id'])].sort(),
    );
    expect(liveKeyIds()).toEqual([Number(third.outputs['key-id'])]);
    expect(third.summary).toContain('<tr><td>Keys revoked</td><td>');
  });

  it('plans without changing anything in a dry run', async ({ world }) => {
    const { platform, github, consoleKey, rotate } = world;
    const run = await rotate({ 'dry-run': 'Yes', 'revoke-key-ids': String(consoleKey.id) });

    expect(run.exitCode).toBe(0);
    expect(platform.listKeys().map((k) => [k.id, k.revoked])).toEqual([[consoleKey.id, false]]);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
    expect(run.outputs['key-id']).toBe('');
    expect(run.outputs['key-name']).toMatch(/^keyturn-repo-acme-web-neon-api-key-/);
    expect(run.outputs['revoked-key-ids']).toBe('[]');
    expect(run.outputs.targets).toBe('[]');
    expect(run.summary).toContain('dry run, nothing changed');
    expect(run.summary).toContain(`<tr><td>Keys to revoke</td><td>${consoleKey.id}</td></tr>`);
    expect(run.visibleStdout).toContain('Dry run: would create');
  });

  it('a record copied by hand under another variable neither chooses the family nor stops the first run of a new secret (issue 31, item 3)', async ({
    world,
  }) => {
    const { platform, github, consoleKey, rotate } = world;
    const other = await rotate({ 'secret-name': 'OTHER_API_KEY', targets: ENV });
    expect(other.exitCode).toBe(0);
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${github.url}/repos/acme/web/actions/variables${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    const { variables } = (await (await api('GET', '?per_page=30')).json()) as { variables: Array<{ name: string; value: string }> };
    const record = variables.find((v) => v.name.startsWith('KEYTURN_RECORD_'))!;
    const copy = 'KEYTURN_RECORD_0123456789ABCDEF0123';
    expect((await api('POST', '', { name: copy, value: record.value })).status).toBe(201);

    const run = await rotate({ 'revoke-key-ids': String(consoleKey.id) });
    expect(annotations(run, 'error')).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(run.outputs['key-name']).toMatch(/^keyturn-repo-acme-web-neon-api-key-[0-9a-f]{6}-/);
    expect(platform.isKeyValid(github.secretValue(REPO, 'NEON_API_KEY')!)).toBe(true);
    expect(annotations(run, 'warning').join('\n')).toContain(
      `The variable ${copy} holds the record of family ${other.outputs['key-name']!.replace(/-\d{8}T\d{6}Z-[a-z0-9]+$/, '')}`,
    );
    // The other family's key stays valid: nothing of its record was this run's.
    expect(platform.isKeyValid(github.secretValue(ENV, 'OTHER_API_KEY')!)).toBe(true);
  });
});

// End to end, an emergency rotation: dist/index.js run as the runner runs it, told which key leaked
// (leaked-key-fingerprint or leaked-key-id). The leaked key is revoked whatever keep says, the
// summary names the targets that held it and the time to its revocation, a target that cannot be
// written is named as left without a working key, and no key value appears in the output
// (rotate() searches every run's output for every value).

import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { annotations, ENV, it, REPO, type RotateKeyWorld, TOKEN } from './rotate-key-world.js';

const TARGETS = `${REPO}\n${ENV}`;
const ENV_PUT = '/repos/acme/web/environments/production/secrets/NEON_API_KEY';

/** The fingerprint as `keyturn fingerprint` prints it (record/fingerprint.ts's scheme, computed here on its own). */
const fingerprint = (value: string) => createHash('sha256').update(`keyturn-key-fingerprint-v1\0${value}`).digest('hex').slice(0, 16);

/** A first rotation into both targets: its key, known to the target record, is the one that leaks. */
async function rotatedOnce({ consoleKey, github, rotate }: RotateKeyWorld): Promise<{ id: number; key: string }> {
  const run = await rotate({ targets: TARGETS, 'revoke-key-ids': String(consoleKey.id) });
  expect(run.exitCode).toBe(0);
  return { id: Number(run.outputs['key-id']), key: github.secretValue(REPO, 'NEON_API_KEY')! };
}

describe.concurrent('rotate-key, emergency rotation', () => {
  it('revokes the leaked key named by its fingerprint whatever keep says, and the summary says who held it and when it died', async ({
    world,
  }) => {
    const { platform, github, rotate } = world;
    const leaked = await rotatedOnce(world);
    const run = await rotate({ 'api-key': leaked.key, targets: TARGETS, keep: '2', 'leaked-key-fingerprint': fingerprint(leaked.key) });
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'error')).toEqual([]);
    expect(platform.isKeyValid(leaked.key)).toBe(false);
    const stored = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(github.secretValue(ENV, 'NEON_API_KEY')).toBe(stored);
    expect(platform.isKeyValid(stored)).toBe(true);
    expect(run.outputs['leaked-key-revoked']).toBe('true');
    expect(JSON.parse(run.outputs['revoked-key-ids']!)).toContain(leaked.id);
    expect(run.summary).toContain(`<tr><td>Leaked key</td><td>${leaked.id}</td></tr>`);
    expect(run.summary).toMatch(/<tr><td>Leaked key revoked<\/td><td>yes, [^<]+ after the run started<\/td><\/tr>/);
    expect(run.summary).toContain(`<tr><td>Targets that held the leaked key</td><td>${REPO}, ${ENV}</td></tr>`);
    expect(run.visibleStdout).toContain(`Revoked the leaked key ${leaked.id}`);
  });

  it('by id: a target that cannot be written is named as left without a working key, the leaked key is revoked all the same, the step fails', async ({
    world,
  }) => {
    const { platform, github, rotate } = world;
    const leaked = await rotatedOnce(world);
    github.faults.add({ kind: 'status', status: 422, method: 'PUT', path: ENV_PUT, times: 'always' });
    const run = await rotate({ 'api-key': leaked.key, targets: TARGETS, 'leaked-key-id': String(leaked.id) });
    expect(run.exitCode).toBe(1);
    expect(platform.isKeyValid(leaked.key)).toBe(false);
    const stored = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(platform.isKeyValid(stored)).toBe(true);
    expect(github.secretValue(ENV, 'NEON_API_KEY')).toBe(leaked.key);
    expect(run.outputs['leaked-key-revoked']).toBe('true');
    expect(run.outputs['key-id']).not.toBe('');
    const [error] = annotations(run, 'error');
    expect(error).toContain(`The leaked key ${leaked.id} was revoked`);
    expect(error).toContain(`${ENV} is left without a working key`);
    expect(run.summary).toContain(`<tr><td>Targets left without a working key</td><td>${ENV}</td></tr>`);
  });

  it('refuses a fingerprint the record does not know before anything changes, and both inputs at once', async ({ world }) => {
    const { platform, rotate } = world;
    const leaked = await rotatedOnce(world);
    const keysBefore = platform.listKeys().length;
    const unknown = await rotate({ 'api-key': leaked.key, targets: TARGETS, 'leaked-key-fingerprint': '0123456789abcdef' });
    expect(unknown.exitCode).toBe(1);
    expect(annotations(unknown, 'error')[0]).toMatch(
      /No target record in .* knows the key of fingerprint 0123456789abcdef; searched the records of/,
    );
    const both = await rotate({
      'api-key': leaked.key,
      targets: TARGETS,
      'leaked-key-id': String(leaked.id),
      'leaked-key-fingerprint': fingerprint(leaked.key),
    });
    expect(both.exitCode).toBe(1);
    expect(annotations(both, 'error')[0]).toContain("Input 'leaked-key-fingerprint' and leaked-key-id are both given");
    expect(platform.listKeys().length).toBe(keysBefore);
    expect(platform.isKeyValid(leaked.key)).toBe(true);
  });

  it('the leaked value pasted into leaked-key-fingerprint is masked and refused, never printed', async ({ world }) => {
    const { platform, consoleKey, secrets, rotate } = world;
    const leaked = await rotatedOnce(world);
    secrets.push(leaked.key);
    const run = await rotate({ 'api-key': consoleKey.key, targets: TARGETS, 'leaked-key-fingerprint': leaked.key });
    expect(run.exitCode).toBe(1);
    expect(run.masks).toContain(leaked.key);
    expect(annotations(run, 'error')[0]).toContain('leaked-key-fingerprint');
    expect(platform.isKeyValid(leaked.key)).toBe(true);
  });

  // Issue 31, item 4: where the leak response meets the rest.
  it('a dropped target retired in the same run (its secret deleted) is not named as left without a working key', async ({ world }) => {
    const { platform, github, rotate } = world;
    const leaked = await rotatedOnce(world);
    const deleted = await fetch(`${github.url}${ENV_PUT}`, { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(deleted.status).toBe(204);
    const run = await rotate({ 'api-key': leaked.key, targets: REPO, 'retire-targets': ENV, 'leaked-key-id': String(leaked.id) });
    expect(annotations(run, 'error')).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(platform.isKeyValid(leaked.key)).toBe(false);
    expect(platform.isKeyValid(github.secretValue(REPO, 'NEON_API_KEY')!)).toBe(true);
    expect(run.outputs['leaked-key-revoked']).toBe('true');
    expect(run.summary).not.toContain('left without a working key');
  });

  it('a target that fails the preflight (403 on its public key) does not keep the leaked key alive: revoked, the target named as left without a working key, the step fails', async ({
    world,
  }) => {
    const { platform, github, rotate } = world;
    const leaked = await rotatedOnce(world);
    github.faults.add({
      kind: 'status',
      status: 403,
      method: 'GET',
      path: '/repos/acme/web/environments/production/secrets/public-key',
      times: 'always',
    });
    const run = await rotate({ 'api-key': leaked.key, targets: TARGETS, 'leaked-key-fingerprint': fingerprint(leaked.key) });
    expect(run.exitCode).toBe(1);
    expect(platform.isKeyValid(leaked.key)).toBe(false);
    const stored = github.secretValue(REPO, 'NEON_API_KEY')!;
    expect(stored).not.toBe(leaked.key);
    expect(platform.isKeyValid(stored)).toBe(true);
    expect(github.secretValue(ENV, 'NEON_API_KEY')).toBe(leaked.key);
    expect(run.outputs['leaked-key-revoked']).toBe('true');
    expect(JSON.parse(run.outputs.targets!)).toEqual([REPO]);
    const [error] = annotations(run, 'error');
    expect(error).toContain(`The leaked key ${leaked.id} was revoked`);
    expect(error).toContain(`${ENV} is left without a working key`);
    expect(annotations(run, 'warning').join('\n')).toContain(`Target ${ENV} cannot take the secret NEON_API_KEY`);
    expect(run.summary).toContain(`<tr><td>Targets left without a working key</td><td>${ENV}</td></tr>`);
  });

  it('with keep 2, the leaked key keeps its slot: an older key no target holds is revoked, not kept in its place', async ({ world }) => {
    const { github, rotate, liveKeyIds } = world;
    const first = await rotatedOnce(world);
    const second = await rotate({ 'api-key': first.key, targets: TARGETS, keep: '2' });
    expect(second.exitCode).toBe(0);
    const leaked = { id: Number(second.outputs['key-id']), key: github.secretValue(REPO, 'NEON_API_KEY')! };
    expect(liveKeyIds()).toEqual(expect.arrayContaining([first.id, leaked.id]));

    const run = await rotate({ 'api-key': leaked.key, targets: TARGETS, keep: '2', 'leaked-key-id': String(leaked.id) });
    expect(annotations(run, 'error')).toEqual([]);
    expect(run.exitCode).toBe(0);
    const made = Number(run.outputs['key-id']);
    expect(liveKeyIds()).toEqual([made]);
    expect(JSON.parse(run.outputs['revoked-key-ids']!)).toEqual(expect.arrayContaining([leaked.id, first.id]));
  });
});

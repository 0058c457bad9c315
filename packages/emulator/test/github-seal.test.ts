// Sealed boxes: a value sealed for another target, with a rotated key, or not in base64 is refused
// (or stored empty with badSeal 'store-empty'); missing fields and oversized values are 422.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, startGitHubEmulator } from '../src/index.js';
import { call, putSealed, seal, TOKENS } from './github-harness.js';

const REPO = '/repos/acme/app/actions/secrets';
const ENV = '/repos/acme/app/environments/production/secrets';
const envRef = { kind: 'env', owner: 'acme', repo: 'app', environment: 'production' } as const;

async function publicKey(gh: GitHubEmulator, collection: string): Promise<{ key_id: string; key: string }> {
  return (await call(gh, 'GET', `${collection}/public-key`)).body;
}

describe("badSeal: 'reject' (default)", () => {
  let gh: GitHubEmulator;
  beforeAll(async () => {
    gh = await startGitHubEmulator({ environments: { 'acme/app': ['production'] }, tokens: TOKENS });
  });
  afterAll(() => gh.close());

  it("refuses an environment secret sealed with the repository's key and key_id", async () => {
    const repoKey = await publicKey(gh, REPO);
    const body = { encrypted_value: await seal('sealed for the repo', repoKey.key), key_id: repoKey.key_id };
    const reply = await call(gh, 'PUT', `${ENV}/WRONG_TARGET`, { body });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toMatch(/key_id/);
    expect(gh.secretValue(envRef, 'WRONG_TARGET')).toBeUndefined();
  });

  it("refuses a box sealed with another target's key even under the right key_id", async () => {
    const repoKey = await publicKey(gh, REPO);
    const envKey = await publicKey(gh, ENV);
    const body = { encrypted_value: await seal('wrong box', repoKey.key), key_id: envKey.key_id };
    const reply = await call(gh, 'PUT', `${ENV}/WRONG_BOX`, { body });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      message: 'Bad request - validation failed due to an improperly encrypted secret',
      documentation_url: 'https://docs.github.com/rest/actions/secrets#create-or-update-an-environment-secret',
      status: '422',
    });
    expect(gh.secretValue(envRef, 'WRONG_BOX')).toBeUndefined();
  });

  it('refuses a stale key_id after the public key rotates, and accepts a value sealed with the new key', async () => {
    const old = await publicKey(gh, REPO);
    const sealedWithOld = await seal('old key', old.key);
    const rotated = gh.rotatePublicKey('repo:acme/app');
    const fresh = await publicKey(gh, REPO);
    expect(fresh).toEqual(rotated);
    expect(fresh.key_id).not.toBe(old.key_id);
    expect(fresh.key).not.toBe(old.key);

    const stale = await call(gh, 'PUT', `${REPO}/ROTATED`, { body: { encrypted_value: sealedWithOld, key_id: old.key_id } });
    expect(stale.status).toBe(422);
    // The old key can no longer open anything, even when the client names the new key_id.
    const oldBoxNewId = await call(gh, 'PUT', `${REPO}/ROTATED`, { body: { encrypted_value: sealedWithOld, key_id: fresh.key_id } });
    expect(oldBoxNewId.status).toBe(422);
    expect((await putSealed(gh, REPO, 'ROTATED', 'new key')).status).toBe(201);
    expect(gh.secretValue('repo:acme/app', 'ROTATED')).toBe('new key');
  });

  it('keeps secrets stored before a key rotation', async () => {
    await putSealed(gh, REPO, 'BEFORE_ROTATION', 'kept');
    gh.rotatePublicKey({ kind: 'repo', owner: 'acme', repo: 'app' });
    expect(gh.secretValue('repo:acme/app', 'BEFORE_ROTATION')).toBe('kept');
  });

  it.each([
    ['not base64 at all', 'this is not base64!'],
    ['base64 without padding', 'c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2'],
    ['the URL-safe alphabet', `${'_-'.repeat(32)}`],
    ['an empty string', ''],
  ])('refuses an encrypted_value that is %s (422)', async (_label, encrypted_value) => {
    const { key_id } = await publicKey(gh, REPO);
    const reply = await call(gh, 'PUT', `${REPO}/BAD_BASE64`, { body: { encrypted_value, key_id } });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toMatch(/^Invalid request\.\n\n/);
    expect(reply.body.message).not.toContain(encrypted_value || '\u0000');
  });

  it('refuses well-formed base64 shorter than a sealed box', async () => {
    const { key_id } = await publicKey(gh, REPO);
    const reply = await call(gh, 'PUT', `${REPO}/SHORT_BOX`, { body: { encrypted_value: 'c2VjcmV0', key_id } });
    expect(reply.status).toBe(422);
  });

  it.each([
    ['no body', undefined, '"encrypted_value" wasn\'t supplied.'],
    ['no encrypted_value', { key_id: '123' }, '"encrypted_value" wasn\'t supplied.'],
    ['no key_id', { encrypted_value: 'c2VjcmV0' }, '"key_id" wasn\'t supplied.'],
    ['a numeric key_id', { encrypted_value: 'c2VjcmV0', key_id: 123 }, "For 'properties/key_id', a number is not a string."],
    ['an array body', [], '"encrypted_value" wasn\'t supplied.'],
  ])('answers 422 for %s', async (_label, body, message) => {
    const reply = await call(gh, 'PUT', `${REPO}/MISSING`, { body });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe(`Invalid request.\n\n${message}`);
    expect(gh.secretValue('repo:acme/app', 'MISSING')).toBeUndefined();
  });

  it('accepts a value of exactly 48 KB and refuses one byte more', async () => {
    expect((await putSealed(gh, REPO, 'BIG', 'x'.repeat(48 * 1024))).status).toBe(201);
    expect(gh.secretValue('repo:acme/app', 'BIG')).toHaveLength(48 * 1024);
    const tooBig = await putSealed(gh, REPO, 'TOO_BIG', 'x'.repeat(48 * 1024 + 1));
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.message).toMatch(/48 KB/);
    expect(gh.secretValue('repo:acme/app', 'TOO_BIG')).toBeUndefined();
  });

  it('never echoes the sealed or opened value in an error', async () => {
    const repoKey = await publicKey(gh, REPO);
    const encrypted_value = await seal('plaintext-that-must-not-leak', repoKey.key);
    const reply = await call(gh, 'PUT', `${ENV}/LEAK_CHECK`, { body: { encrypted_value, key_id: repoKey.key_id } });
    const text = JSON.stringify(reply.body);
    expect(reply.status).toBe(422);
    expect(text).not.toContain(encrypted_value);
    expect(text).not.toContain('plaintext-that-must-not-leak');
  });
});

describe("badSeal: 'store-empty' (what GitHub does)", () => {
  let gh: GitHubEmulator;
  beforeAll(async () => {
    gh = await startGitHubEmulator({ environments: { 'acme/app': ['production'] }, tokens: TOKENS, badSeal: 'store-empty' });
  });
  afterAll(() => gh.close());

  it("stores '' for an environment secret sealed with the repository's key, without any error", async () => {
    const repoKey = await publicKey(gh, REPO);
    const body = { encrypted_value: await seal('sealed for the repo', repoKey.key), key_id: repoKey.key_id };
    const reply = await call(gh, 'PUT', `${ENV}/SILENTLY_EMPTY`, { body });
    expect(reply.status).toBe(201);
    expect(gh.secretValue(envRef, 'SILENTLY_EMPTY')).toBe('');
    expect(gh.secret(envRef, 'SILENTLY_EMPTY')?.name).toBe('SILENTLY_EMPTY');
  });

  it('still opens a correctly sealed value, and still refuses bad base64 and missing fields', async () => {
    expect((await putSealed(gh, ENV, 'GOOD', 'fine')).status).toBe(201);
    expect(gh.secretValue(envRef, 'GOOD')).toBe('fine');
    const { key_id } = await publicKey(gh, ENV);
    expect((await call(gh, 'PUT', `${ENV}/BAD`, { body: { encrypted_value: 'no!', key_id } })).status).toBe(422);
    expect((await call(gh, 'PUT', `${ENV}/BAD`, { body: { key_id } })).status).toBe(422);
  });

  it('refuses an unknown badSeal mode', async () => {
    await expect(startGitHubEmulator({ badSeal: 'ignore' as 'reject' })).rejects.toThrow(TypeError);
  });
});

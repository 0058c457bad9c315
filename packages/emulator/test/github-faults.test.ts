// Rate limits and faults on the GitHub API: secondary limits with Retry-After, a spent primary
// limit, and replies lost after the write took effect.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type GitHubEmulator, secondaryRateLimitFault, startGitHubEmulator } from '../src/index.js';
import { call, putSealed, seal, TOKENS } from './github-harness.js';

const REPO = '/repos/acme/app/actions/secrets';
let gh: GitHubEmulator;

beforeAll(async () => {
  gh = await startGitHubEmulator({ repos: ['acme/app'], tokens: TOKENS });
});
afterEach(() => gh.faults.clear());
afterAll(() => gh.close());

describe('secondary rate limit', () => {
  it('answers 403 with retry-after and the message Octokit recognises, then recovers', async () => {
    gh.secondaryRateLimit({ times: 2, retryAfter: 7, method: 'PUT', path: '/repos/*/*/actions/secrets/*' });

    // A GET is not matched: the fault only takes writes.
    expect((await call(gh, 'GET', `${REPO}/public-key`)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const limited = await putSealed(gh, REPO, 'LIMITED', 'v');
      expect(limited.status).toBe(403);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(limited.body.message).toMatch(/secondary rate limit/);
      expect(limited.body.documentation_url).toMatch(/secondary-rate-limits$/);
      expect(limited.headers.get('x-github-request-id')).toBeTruthy();
      expect(limited.headers.get('x-ratelimit-remaining')).not.toBe('0');
    }
    expect(gh.secretValue('repo:acme/app', 'LIMITED')).toBeUndefined();
    expect((await putSealed(gh, REPO, 'LIMITED', 'v')).status).toBe(201);
    expect(gh.log.entries({ method: 'PUT' }).filter((e) => e.fault === 'status')).toHaveLength(2);
  });

  it('can answer 429 instead, and be armed over the control API from another process', async () => {
    const spec = secondaryRateLimitFault({ retryAfter: 3, status: 429, path: '/repos/acme/app/actions/secrets/public-key' });
    const armed = await fetch(`${gh.controlUrl}/faults`, { method: 'POST', body: JSON.stringify(spec) });
    expect(armed.status).toBe(201);
    const limited = await call(gh, 'GET', `${REPO}/public-key`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.body.message).toMatch(/secondary rate limit/);
    expect((await call(gh, 'GET', `${REPO}/public-key`)).status).toBe(200);
  });
});

describe('primary rate limit', () => {
  it.each([403, 429] as const)('answers %s with x-ratelimit-remaining 0 and a reset in the future', async (status) => {
    gh.primaryRateLimit({ status, resetInSeconds: 30 });
    const limited = await call(gh, 'GET', REPO);
    expect(limited.status).toBe(status);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000 + 20);
    expect(limited.body.message).toMatch(/^API rate limit exceeded/);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect((await call(gh, 'GET', REPO)).status).toBe(200);
  });
});

describe('faults', () => {
  async function sealedBody(value: string) {
    const key = await call(gh, 'GET', `${REPO}/public-key`);
    return { encrypted_value: await seal(value, key.body.key), key_id: key.body.key_id };
  }

  it('reply-lost: the write takes effect, then the connection is destroyed', async () => {
    const body = await sealedBody('written despite the lost reply');
    gh.faults.add({ kind: 'reply-lost', method: 'PUT', path: '/repos/acme/app/actions/secrets/LOST_REPLY' });
    await expect(call(gh, 'PUT', `${REPO}/LOST_REPLY`, { body })).rejects.toThrow();
    expect(gh.secretValue('repo:acme/app', 'LOST_REPLY')).toBe('written despite the lost reply');
    // The retry is an update now: 204.
    expect((await call(gh, 'PUT', `${REPO}/LOST_REPLY`, { body })).status).toBe(204);
  });

  it('reply-lost with a status: the write takes effect and a 502 is answered', async () => {
    const body = await sealedBody('took effect');
    gh.faults.add({ kind: 'reply-lost', status: 502, method: 'PUT' });
    const reply = await call(gh, 'PUT', `${REPO}/LOST_502`, { body });
    expect(reply.status).toBe(502);
    expect(reply.body.status).toBe('502');
    expect(gh.secretValue('repo:acme/app', 'LOST_502')).toBe('took effect');
  });

  it('drop: the connection is destroyed before the write takes effect', async () => {
    const body = await sealedBody('never stored');
    gh.faults.add({ kind: 'drop', method: 'PUT' });
    await expect(call(gh, 'PUT', `${REPO}/DROPPED`, { body })).rejects.toThrow();
    expect(gh.secretValue('repo:acme/app', 'DROPPED')).toBeUndefined();
  });

  it('a status fault answers in GitHub error shape and takes no effect', async () => {
    const body = await sealedBody('v');
    gh.faults.add({ kind: 'status', status: 503, method: 'PUT', times: 1 });
    const reply = await call(gh, 'PUT', `${REPO}/UNAVAILABLE`, { body });
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ status: '503', documentation_url: 'https://docs.github.com/rest' });
    expect(gh.secretValue('repo:acme/app', 'UNAVAILABLE')).toBeUndefined();
  });
});

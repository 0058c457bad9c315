// The GitHub secret targets against the GitHub emulator: each store's own public key, sealed values
// that really open, organization visibility, permissions, rate limits and the base URL (GHES).

import { type GitHubEmulator, startGitHubEmulator } from '@keyturn/emulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestEvent } from '@keyturn/api/toolkit';
import {
  createGitHubClient,
  createGitHubTarget,
  type GitHubClientOptions,
  type GitHubTargetSpec,
  parseTargetSpecs,
  type SealedSecretTarget,
  TargetError,
} from '../src/targets.js';
import { writeSealed } from '../src/targets/write-sealed.js';

const TOKEN = 'ghs_app_token_with_secrets_write';
const NAME = 'NEON_API_KEY';
let github: GitHubEmulator;
let ids: Record<string, number>;

beforeEach(async () => {
  github = await startGitHubEmulator({
    orgs: ['acme'],
    environments: { 'acme/web': ['production', 'staging'] },
    tokens: { [TOKEN]: 'write', reader: 'read', nobody: 'none' },
    badSeal: 'store-empty',
  });
  ids = { web: github.addRepo('acme/web').id, api: github.addRepo('acme/api').id, docs: github.addRepo('acme/docs').id };
});
afterEach(async () => {
  await github.close();
});

function target(spec: string, options: Partial<GitHubClientOptions> = {}): SealedSecretTarget {
  const octokit = createGitHubClient({ token: TOKEN, baseUrl: github.url, retryAfterBaseValue: 1, writeIntervalMs: 0, ...options });
  return createGitHubTarget(octokit, parseTargetSpecs(spec)[0] as GitHubTargetSpec);
}

/** Writes as a run does, sealed with the public key fetched just before (the preflight's). */
async function writeFetched(t: SealedSecretTarget, value: string): Promise<void> {
  await writeSealed(t, NAME, value, await t.fetchPublicKey());
}

async function failure(promise: Promise<unknown>): Promise<TargetError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TargetError);
  return error as TargetError;
}

describe('GitHub secret targets', () => {
  it.each(['repo:acme/web', 'env:acme/web:production', 'dependabot:acme/web', 'org:acme'])(
    '%s: writes a value sealed with its own public key, and reads its metadata',
    async (spec) => {
      const t = target(spec);
      expect(t.describe()).toBe(spec);
      expect(await t.readSecretMeta!(NAME)).toBeUndefined();
      await t.prepare?.(NAME);
      await writeFetched(t, 'value-1');
      expect(github.secretValue(spec, NAME)).toBe('value-1');
      expect(await t.readSecretMeta!(NAME)).toMatchObject({ name: NAME, createdAt: expect.any(String) });
      await writeFetched(t, 'value-2');
      expect(github.secretValue(spec, NAME)).toBe('value-2');
    },
  );

  it.each(['repo:acme/web', 'env:acme/web:production', 'dependabot:acme/web', 'org:acme'])(
    "%s: the public key carries GitHub's clock (its Date header), which dates the secret's writes",
    async (spec) => {
      const t = target(spec);
      const before = Math.floor(Date.now() / 1000) * 1000;
      const { servedAt } = await t.fetchPublicKey();
      expect(servedAt).toBeInstanceOf(Date);
      // An HTTP date has whole seconds, by the emulator's clock (this process's).
      expect(servedAt!.getTime() % 1000).toBe(0);
      expect(servedAt!.getTime()).toBeGreaterThanOrEqual(before);
      expect(servedAt!.getTime()).toBeLessThanOrEqual(Date.now());
      await t.prepare?.(NAME);
      await writeFetched(t, 'value');
      const meta = await t.readSecretMeta!(NAME);
      expect(Date.parse(meta!.updatedAt!)).toBeGreaterThanOrEqual(servedAt!.getTime());
    },
  );

  it('a public key answer without a readable Date has no servedAt', async () => {
    const t = target('repo:acme/web');
    const { keyId, key } = await t.fetchPublicKey();
    github.faults.add({ kind: 'status', status: 200, body: { key_id: keyId, key }, headers: { date: 'not a date' } });
    const answer = await t.fetchPublicKey();
    expect(answer).toEqual({ keyId, key });
    expect('servedAt' in answer).toBe(false);
  });

  it('each store has its own key: a value sealed with the repository key is stored empty in an environment', async () => {
    const repoKey = await target('repo:acme/web').fetchPublicKey();
    const env = target('env:acme/web:production');
    const envKey = await env.fetchPublicKey();
    expect(envKey.keyId).not.toBe(repoKey.keyId);
    const { sealSecret } = await import('../src/seal.js');
    await env.writeSecret(NAME, await sealSecret('lost', repoKey.key), repoKey.keyId);
    expect(github.secretValue('env:acme/web:production', NAME)).toBe('');
    await writeFetched(env, 'kept');
    expect(github.secretValue('env:acme/web:production', NAME)).toBe('kept');
  });

  it('fetches the public key fresh for every write', async () => {
    const t = target('repo:acme/web');
    await writeFetched(t, 'before');
    github.rotatePublicKey('repo:acme/web');
    await writeFetched(t, 'after');
    expect(github.secretValue('repo:acme/web', NAME)).toBe('after');
  });

  describe('organization secrets', () => {
    it('resolves selected repository names to ids', async () => {
      const t = target('org:acme:selected:web,acme/api');
      await t.prepare!(NAME);
      await writeFetched(t, 'v');
      expect(github.secret('org:acme', NAME)).toMatchObject({
        visibility: 'selected',
        selected_repository_ids: [ids.web, ids.api],
      });
    });

    it.each(['all', 'private'] as const)('sets visibility %s', async (visibility) => {
      await writeFetched(target(`org:acme:${visibility}`), 'v');
      expect(github.secret('org:acme', NAME)?.visibility).toBe(visibility);
    });

    it('keeps the visibility and selection of an existing secret when the spec names none', async () => {
      github.putSecretValue('org:acme', NAME, 'old', { visibility: 'selected', selected_repository_ids: [ids.docs!] });
      await writeFetched(target('org:acme'), 'new');
      expect(github.secret('org:acme', NAME)).toMatchObject({ visibility: 'selected', selected_repository_ids: [ids.docs] });
      expect(github.secretValue('org:acme', NAME)).toBe('new');
    });

    it.each(['org:acme:selected:web', 'org:acme:all', 'org:acme'])(
      '%s: a write-back (restore) gives the secret the access it had when prepared',
      async (spec) => {
        github.putSecretValue('org:acme', NAME, 'old', { visibility: 'selected', selected_repository_ids: [ids.docs!, ids.api!] });
        const t = target(spec);
        await t.prepare!(NAME);
        // Changed by someone else after the preflight: the restore gives back what the preflight read.
        github.putSecretValue('org:acme', NAME, 'other', { visibility: 'private' });
        const key = await t.fetchPublicKey();
        await writeSealed(t, NAME, 'old', key, { restore: true });
        expect(github.secret('org:acme', NAME)).toMatchObject({ visibility: 'selected', selected_repository_ids: [ids.docs, ids.api] });
        expect(github.secretValue('org:acme', NAME)).toBe('old');
      },
    );

    it('makes a new secret private when the spec names no visibility', async () => {
      await writeFetched(target('org:acme'), 'v');
      expect(github.secret('org:acme', NAME)?.visibility).toBe('private');
    });

    it('names a selected repository that does not exist', async () => {
      const error = await failure(target('org:acme:selected:web,nope').prepare!(NAME));
      expect(error.message).toMatch(/looking up the repository acme\/nope for org:acme:selected:web,nope failed: GitHub answered 404/);
      expect(error.advice).toMatch(/admin:org/);
    });
  });

  describe('failures say what to do', () => {
    it.each([
      ['reader', 403, /Secrets: write.*GITHUB_TOKEN cannot write secrets/],
      ['nobody', 403, /Secrets: write/],
      [
        'ghp_unknown',
        401,
        /credential is invalid or expired: give a valid token in `github\.token`, or check `github\.appId` and `github\.privateKey`/,
      ],
    ])('token %s: %i', async (token, status, advice) => {
      const error = await failure(writeFetched(target('repo:acme/web', { token }), 'v'));
      expect(error.status).toBe(status);
      expect(error.advice).toMatch(advice);
      expect(error.message).not.toContain(token);
    });

    it.each([
      ['GitHub echoing the token', 401, { message: `Bad credentials: ${TOKEN}` }],
      ['a proxy quoting the request', 502, `proxy auth failed for "Authorization: token ${TOKEN}" at edge`],
      ['a proxy quoting a bearer header', 400, 'rejected header Authorization: Bearer some-other-credential'],
    ])('never copies a credential from an answer into the error: %s', async (_case, status, body) => {
      github.faults.add({ kind: 'status', status, body });
      const error = await failure(target('repo:acme/web', { retries: 0 }).fetchPublicKey());
      expect(error.message).toMatch(/GitHub answered \d+ \(.*\[redacted\]/);
      expect(error.message).not.toContain(TOKEN);
      expect(error.message).not.toContain('some-other-credential');
    });

    it('an unknown repository or environment is a 404 naming the target', async () => {
      const error = await failure(target('env:acme/web:nope').fetchPublicKey());
      expect(error.message).toMatch(/reading the public key for env:acme\/web:nope failed: GitHub answered 404/);
      expect(error.advice).toMatch(/env:acme\/web:nope was not found, or the token cannot see it/);
    });

    it('does not wait for a primary rate limit that resets too late', async () => {
      github.primaryRateLimit({ resetInSeconds: 3600, times: 'always' });
      const lines: string[] = [];
      const error = await failure(target('repo:acme/web', { log: (line) => lines.push(line) }).fetchPublicKey());
      expect(error.advice).toMatch(/rate-limited/);
      expect(github.log.entries()).toHaveLength(1);
      expect(lines).toEqual([expect.stringMatching(/rate limit \(403\) on GET .*not retried again \(GitHub asked to wait 36\d\ds/)]);
      expect(error.advice).not.toMatch(/beyond the retries|permissions? (?:is|are) missing|use a fine-grained/);
    });

    it('retries a secondary rate limit a bounded number of times, honouring Retry-After', async () => {
      github.secondaryRateLimit({ retryAfter: 2, times: 'always' });
      const lines: string[] = [];
      const error = await failure(target('repo:acme/web', { log: (l) => lines.push(l), rateLimitRetries: 2 }).fetchPublicKey());
      expect(error.status).toBe(403);
      expect(github.log.entries()).toHaveLength(3);
      expect(lines.filter((l) => l.includes('waiting 2s, then retry'))).toHaveLength(2);
      expect(error.advice).toMatch(/still limited after waiting it out 2 times.*not the problem/);
    });

    it.each([
      [
        '403 in older GitHub Enterprise wording',
        403,
        { message: 'You have triggered an abuse detection mechanism. Please wait a few minutes before you try again.' },
      ],
      ['a bare 429', 429, ''],
      ['a 429 with a JSON message of its own', 429, { message: 'Slow down' }],
    ])('waits out a rate limit told by status and Retry-After whatever the words: %s', async (_name, status, body) => {
      github.faults.add({ method: 'GET', kind: 'status', status, retryAfter: 1, body });
      const lines: string[] = [];
      const key = await target('repo:acme/web', { log: (l) => lines.push(l) }).fetchPublicKey();
      expect(key.keyId).toBeTruthy();
      expect(github.log.entries()).toHaveLength(2);
      expect(lines).toEqual([expect.stringMatching(new RegExp(`rate limit \\(${status}\\) on GET .*waiting 1s`))]);
    });

    it('takes a 403 without rate-limit headers or words for what it is: a permission refusal, not retried', async () => {
      github.faults.add({ method: 'GET', kind: 'status', status: 403, body: { message: 'Resource not accessible by integration' } });
      const error = await failure(target('repo:acme/web').fetchPublicKey());
      expect(github.log.entries()).toHaveLength(1);
      expect(error.advice).toMatch(/Secrets: write/);
    });

    it('gives up on a request that never answers after its timeout', async () => {
      github.faults.add({ kind: 'hang', times: 'always' });
      const error = await failure(target('repo:acme/web', { timeoutMs: 100, retries: 1 }).fetchPublicKey());
      expect(error.status).toBeUndefined();
      expect(error.mayHaveTakenEffect).toBe(true);
      expect(error.message).toMatch(/no answer from GitHub/);
    });
  });

  it('reports every exchange with GitHub, retries included, without the token or the value', async () => {
    const events: RequestEvent[] = [];
    github.faults.add({ method: 'PUT', path: '/repos/acme/web/actions/secrets/*', kind: 'status', status: 502 });
    await writeFetched(target('repo:acme/web', { onRequest: (e) => events.push(e) }), 'value-never-logged');
    expect(events.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'GET /repos/acme/web/actions/secrets/public-key 200',
      `PUT /repos/acme/web/actions/secrets/${NAME} 502`,
      `PUT /repos/acme/web/actions/secrets/${NAME} 201`,
    ]);
    expect(JSON.stringify(events)).not.toMatch(/value-never-logged|ghs_app_token/);
  });

  it('stops a request in flight when its signal aborts, without retrying it', async () => {
    github.faults.add({ method: 'GET', path: '/repos/acme/web/actions/secrets/public-key', kind: 'hang' });
    const controller = new AbortController();
    const events: RequestEvent[] = [];
    let sent!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const fetching = target('repo:acme/web', {
      signal: controller.signal,
      onRequest: (e) => events.push(e),
      fetch: (input, init) => {
        sent();
        return fetch(input, init);
      },
    }).fetchPublicKey();
    await inFlight;
    controller.abort();
    const error = await failure(fetching);
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/no answer from GitHub/);
    expect(events).toEqual([
      expect.objectContaining({ method: 'GET', path: '/repos/acme/web/actions/secrets/public-key', outcome: 'error', attempt: 1 }),
    ]);
    // Already aborted: nothing is sent at all.
    let calls = 0;
    const counted: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const logged = github.log.entries().length;
    await failure(target('repo:acme/web', { signal: controller.signal, fetch: counted }).fetchPublicKey());
    expect(calls).toBe(1);
    expect(github.log.entries()).toHaveLength(logged);
  });

  describe('base URL (GitHub Enterprise Server)', () => {
    let saved: string | undefined;
    beforeEach(() => {
      saved = process.env.GITHUB_API_URL;
    });
    afterEach(() => {
      if (saved === undefined) delete process.env.GITHUB_API_URL;
      else process.env.GITHUB_API_URL = saved;
    });

    it('is https://api.github.com when not given, whatever GITHUB_API_URL says: the library reads no environment', async () => {
      process.env.GITHUB_API_URL = 'http://127.0.0.1:9/';
      // Every request is noted as addressed, then carried to the emulator.
      const addressed: string[] = [];
      const toEmulator: typeof fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        addressed.push(url.origin);
        return fetch(`${github.url}${url.pathname}${url.search}`, init);
      };
      const octokit = createGitHubClient({ token: TOKEN, retryAfterBaseValue: 1, writeIntervalMs: 0, fetch: toEmulator });
      await writeFetched(createGitHubTarget(octokit, { kind: 'repo', owner: 'acme', repo: 'web' }), 'default');
      expect(github.secretValue('repo:acme/web', NAME)).toBe('default');
      expect(new Set(addressed)).toEqual(new Set(['https://api.github.com']));
    });

    it('the base URL given is used, with or without a trailing slash', async () => {
      await writeFetched(target('repo:acme/web', { baseUrl: `${github.url}/` }), 'explicit');
      expect(github.secretValue('repo:acme/web', NAME)).toBe('explicit');
    });

    it('a base URL that is not an http(s) URL is refused before any request, naming baseUrl', () => {
      for (const baseUrl of ['api.github.com', 'ftp://github.example.com/api/v3', '']) {
        expect(() => createGitHubClient({ token: TOKEN, baseUrl })).toThrow(expect.objectContaining({ option: 'baseUrl' }));
      }
    });
  });
});

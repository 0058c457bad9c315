// GitLab CI/CD variables as targets, and the target record in a GitLab project, against the platform
// and GitLab emulators over real HTTP: project and group variables rotate (masked, hidden where the
// instance hides, `protected`, `raw` and the scope kept), a value GitLab cannot mask is refused before
// anything is made, 401/403/404 name the role and the token kinds, and GitLab's rate limit is waited out.

import { oneAtATime } from './quick-lease.js';
import { randomBytes } from 'node:crypto';
import { type GitLabEmulator, type PlatformEmulator, startGitLabEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkRotateKeyOptions,
  type RotateKeyOptions,
  RotationError,
  type RotationLogEntry,
  rotateKey,
  STUCK_AFTER_RUNS,
} from '../src/index.js';
import { gitlabVariableStore } from '../src/record/gitlab-variables.js';
import { emptyRecord } from '../src/record/target-record.js';
import { createGitLabClient } from '../src/targets.js';

const SECRET = 'NEON_API_KEY';
const OWNER = 'glpat-owner-of-acme-0001';
const DEVELOPER = 'glpat-developer-0002';
const WEB_MAINTAINER = 'glpat-web-maintainer-0003';
const GROUP_MAINTAINER = 'glpat-group-maintainer-0004';
const TARGETS = 'gitlab:acme/web:production\ngitlab-group:acme';

let platform: PlatformEmulator;
let gitlab: GitLabEmulator;
let current: { id: number; key: string };
/** The value of each key the platform mints next; hex unless a test says otherwise. */
let mint: () => string;

beforeEach(async () => {
  mint = () => randomBytes(32).toString('hex');
  platform = await startPlatformEmulator({ mintKey: () => mint() });
  gitlab = await startGitLabEmulator({
    projects: ['acme/web', 'acme/ops'],
    tokens: {
      [OWNER]: { roles: { acme: 'owner' } },
      [DEVELOPER]: { roles: { acme: 'developer' } },
      [WEB_MAINTAINER]: { roles: { 'acme/web': 'maintainer' } },
      [GROUP_MAINTAINER]: { roles: { acme: 'maintainer' } },
    },
  });
  current = platform.createKey('console key');
  gitlab.setVariable(
    { project: 'acme/web' },
    { key: SECRET, value: current.key, environment_scope: 'production', protected: true, raw: true, masked: true },
  );
  gitlab.setVariable({ group: 'acme' }, { key: SECRET, value: current.key });
});
afterEach(async () => {
  await Promise.all([platform.close(), gitlab.close()]);
});

interface Run {
  logs: RotationLogEntry[];
  report?: Awaited<ReturnType<typeof rotateKey>>;
  error?: RotationError;
}

async function run(options: Partial<RotateKeyOptions> = {}, apiKey = current.key): Promise<Run> {
  const logs: RotationLogEntry[] = [];
  try {
    const report = await rotateKey({
      platform: { apiKey, baseUrl: platform.url, retries: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 5 } },
      gitlab: { token: OWNER, apiUrl: gitlab.url },
      targets: TARGETS,
      secretName: SECRET,
      record: { gitlab: 'acme/ops' },
      revokeKeyIds: [current.id],
      verify: { timeoutMs: 2000, intervalMs: 20 },
      log: (entry) => logs.push(entry),
      lease: oneAtATime(options.record ?? { gitlab: 'acme/ops' }),
      ...options,
    });
    return { logs, report };
  } catch (error) {
    if (!(error instanceof RotationError)) throw error;
    return { logs, error };
  }
}

/** Every text the run gave out: logs, report, error. */
function output(result: Run): string {
  return JSON.stringify([result.logs, result.report, result.error?.message, result.error?.advice, result.error?.report]);
}

function variable(ref: { project?: string; group?: string }, scope = '*') {
  return gitlab.variable(ref, SECRET, scope);
}

describe('GitLab CI/CD variables as targets', () => {
  it('rotates a project and a group variable: masked, hidden where new, protected, raw and the scope kept; the record in a GitLab project', async () => {
    // Enough other variables that the record store reads the project's variables over two pages.
    for (let i = 0; i < 130; i++) gitlab.setVariable({ project: 'acme/ops' }, { key: `OTHER_${i}`, value: `v${i}` });
    gitlab.setVariable({ group: 'acme' }, { key: SECRET, value: 'unrelated-value-1', environment_scope: 'staging' });

    const first = await run();
    expect(first.error).toBeUndefined();
    const newKey = first.report!.keyId!;
    // A copy: the emulator's variable changes with the next run.
    const web = { ...variable({ project: 'acme/web' }, 'production')! };
    expect(platform.listKeys().find((k) => k.id === newKey)).toBeDefined();
    expect(web).toMatchObject({ masked: true, protected: true, raw: true, environment_scope: 'production', hidden: false });
    expect(platform.isKeyValid(web.value)).toBe(true);
    expect(web.value).not.toBe(current.key);
    expect(variable({ group: 'acme' })!.value).toBe(web.value);
    // The group variable of another scope is another variable: untouched.
    expect(variable({ group: 'acme' }, 'staging')!.value).toBe('unrelated-value-1');
    expect(platform.isKeyValid(current.key)).toBe(false);

    const record = gitlab.variables({ project: 'acme/ops' }).filter((v) => v.key.startsWith('KEYTURN_RECORD_'));
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ masked: false, protected: false, raw: true, environment_scope: '*' });
    expect(record[0]!.value).toContain('gitlab:acme/web:production');
    expect(record[0]!.value).toContain('gitlab-group:acme:*');

    // The next run reads the record from GitLab (page 2), keeps the family and revokes the first run's key.
    gitlab.setVariable({ group: 'acme' }, { key: SECRET, value: web.value });
    const second = await run({ revokeKeyIds: [] }, web.value);
    expect(second.error).toBeUndefined();
    expect(second.report!.family).toBe(first.report!.family);
    expect(platform.isKeyValid(web.value)).toBe(false);
    expect(platform.isKeyValid(variable({ project: 'acme/web' }, 'production')!.value)).toBe(true);
    for (const value of [current.key, web.value, variable({ group: 'acme' })!.value]) {
      expect(output(first) + output(second)).not.toContain(value);
    }
  });

  it('creates a missing variable masked and hidden (GitLab 17.4+), and masked only where the instance cannot hide', async () => {
    gitlab.setVariable({ group: 'acme' }, { key: SECRET, value: current.key });
    const result = await run({ targets: 'gitlab:acme/web' });
    expect(result.error).toBeUndefined();
    expect(variable({ project: 'acme/web' })).toMatchObject({ masked: true, hidden: true, environment_scope: '*', protected: false });

    const old = await startGitLabEmulator({ version: '17.3.0', projects: ['acme/web'], tokens: { [OWNER]: { roles: { acme: 'owner' } } } });
    try {
      const key = platform.createKey('console key 2');
      const onOld = await run(
        { targets: 'gitlab:acme/web', gitlab: { token: OWNER, apiUrl: old.url }, record: false, revokeKeyIds: [key.id] },
        key.key,
      );
      expect(onOld.error).toBeUndefined();
      expect(old.variable({ project: 'acme/web' }, SECRET)).toMatchObject({ masked: true, hidden: false });
    } finally {
      await old.close();
    }
  });

  it("refuses a key GitLab cannot mask before anything is made, quoting GitLab's masking rule", async () => {
    mint = () => `k$${randomBytes(16).toString('hex')}`;
    const unmaskable = platform.createKey('console key, unmaskable');
    const keysBefore = platform.listKeys().length;
    const result = await run({ revokeKeyIds: [unmaskable.id] }, unmaskable.key);
    expect(result.error).toMatchObject({ code: 'target-unreachable', step: 'preflight' });
    expect(result.error!.message).toMatch(/cannot be masked by GitLab \(it holds a \$\)/);
    expect(result.error!.message).toMatch(
      /single line with no spaces, is at least 8 characters long, holds no \$ and is not the name of an existing CI\/CD variable/,
    );
    expect(platform.listKeys()).toHaveLength(keysBefore);
    // Nothing was sent to a target: the record in acme/ops counts the failure (README, "A stuck family"), nothing else is written.
    expect(gitlab.log.entries().filter((e) => e.method !== 'GET' && !e.path.startsWith('/projects/acme%2Fops/'))).toEqual([]);
    expect(output(result)).not.toContain(unmaskable.key);
  });

  it('never sends a new key GitLab cannot mask: it is revoked, and every variable keeps the working key', async () => {
    mint = () => `k$${randomBytes(16).toString('hex')}`;
    const result = await run();
    expect(result.error?.step).toBe('store');
    expect(result.error!.message).toMatch(/cannot be masked by GitLab/);
    expect(variable({ project: 'acme/web' }, 'production')!.value).toBe(current.key);
    expect(variable({ group: 'acme' })!.value).toBe(current.key);
    expect(platform.isKeyValid(current.key)).toBe(true);
    // The run's own key went: the platform lists only the key it started with.
    expect(
      platform
        .listKeys()
        .filter((k) => !k.revoked)
        .map((k) => k.id),
    ).toEqual([current.id]);
    // Nothing was sent to a target (the record in acme/ops was written, as before any write).
    expect(gitlab.log.entries().filter((e) => e.method !== 'GET' && !e.path.startsWith('/projects/acme%2Fops/'))).toEqual([]);
  });

  it('works against a self-managed instance at its own URL, and refuses plain http beyond loopback', async () => {
    const selfManaged = gitlab.url.replace('127.0.0.1', 'localhost');
    const result = await run({ gitlab: { token: OWNER, apiUrl: `${selfManaged}/` } });
    expect(result.error).toBeUndefined();
    expect(gitlab.log.entries().every((e) => e.status !== 404 || e.path.includes('/variables/'))).toBe(true);
    expect(
      checkRotateKeyOptions({
        platform: { apiKey: current.key },
        gitlab: { token: OWNER, apiUrl: 'http://gitlab.example.com/api/v4' },
        targets: TARGETS,
        lease: false,
      }),
    ).toEqual([
      expect.objectContaining({ option: 'gitlab.apiUrl', message: expect.stringMatching(/must use https: for gitlab\.example\.com/) }),
    ]);
    expect(
      checkRotateKeyOptions({
        platform: { apiKey: current.key },
        gitlab: { token: OWNER, apiUrl: 'https://gitlab.example.com/api/v4' },
        targets: TARGETS,
        lease: false,
      }),
    ).toEqual([]);
    expect(checkRotateKeyOptions({ platform: { apiKey: current.key }, targets: TARGETS, lease: false })).toEqual([
      expect.objectContaining({ option: 'gitlab.token', message: expect.stringMatching(/required to write GitLab CI\/CD variables/) }),
    ]);
  });

  it('answers 401, 403 and 404 with the role GitLab requires and the token kinds that work, before anything changes', async () => {
    const cases: Array<{ options: Partial<RotateKeyOptions>; advice: RegExp }> = [
      {
        options: { gitlab: { token: 'glpat-not-a-known-token', apiUrl: gitlab.url } },
        advice: /\(401\).*personal, project or group access token with the `api` scope/,
      },
      {
        options: { gitlab: { token: DEVELOPER, apiUrl: gitlab.url } },
        advice: /\(403\).*Maintainer role \(or higher\) on the project acme\/web/,
      },
      {
        options: { gitlab: { token: WEB_MAINTAINER, apiUrl: gitlab.url }, targets: 'gitlab-group:acme', record: false },
        advice: /\(404\).*Owner role on the group acme/,
      },
      { options: { targets: 'gitlab:acme/missing' }, advice: /no project acme\/missing that the token can see \(404\)/ },
      // A group's Maintainer manages its projects' variables, not the group's: GitLab requires its Owner.
      { options: { gitlab: { token: GROUP_MAINTAINER, apiUrl: gitlab.url } }, advice: /\(403\).*Owner role on the group acme/ },
    ];
    for (const { options, advice } of cases) {
      const keysBefore = platform.listKeys().length;
      const result = await run(options);
      expect(result.error?.code, JSON.stringify(options)).toBe('target-unreachable');
      expect(result.error!.advice).toMatch(advice);
      expect(result.error!.advice).toMatch(/Nothing was changed/);
      expect(platform.listKeys()).toHaveLength(keysBefore);
    }
    expect(variable({ project: 'acme/web' }, 'production')!.value).toBe(current.key);
  });

  it("waits out GitLab's rate limit as Retry-After says, then writes", async () => {
    gitlab.rateLimit({ retryAfter: 1, method: 'PUT', path: '/projects/*/variables/*' });
    const result = await run();
    expect(result.error).toBeUndefined();
    expect(result.logs.some((l) => /GitLab rate limit reached \(PUT .*\): waiting 1 s as GitLab asks/.test(l.message))).toBe(true);
    expect(gitlab.log.entries().filter((e) => e.status === 429)).toHaveLength(1);
    expect(platform.isKeyValid(variable({ project: 'acme/web' }, 'production')!.value)).toBe(true);
  });

  it('a variable write whose answer was lost and whose retry was answered 404 may have landed: never taken for one that did not', async () => {
    // As simulator seed 1323256059 on GitHub: the last answer alone (404) would revoke the key the variable holds.
    gitlab.faults.add({ kind: 'reply-lost', method: 'PUT', path: `/projects/*/variables/${SECRET}` });
    gitlab.faults.add({ kind: 'status', status: 404, method: 'PUT', path: `/projects/*/variables/${SECRET}` });
    const result = await run();
    expect(result.error?.step).toBe('store');
    // The write that landed (its answer lost), its retry answered 404, then the previous key written back.
    expect(gitlab.log.entries({ method: 'PUT', path: `/projects/acme%2Fweb/variables/${SECRET}` }).map((e) => e.status)).toEqual([
      undefined,
      404,
      200,
    ]);
    expect(platform.isKeyValid(variable({ project: 'acme/web' }, 'production')!.value)).toBe(true);
    expect(platform.isKeyValid(variable({ group: 'acme' })!.value)).toBe(true);
  });

  it("releases its lease with one attempt: a DELETE whose answer was lost is not retried, as a retry could delete the next holder's lease", async () => {
    // As simulator seed 12272368 on GitHub: the first DELETE landed unanswered, its retry removed the lease another run had taken since.
    gitlab.faults.add({ kind: 'reply-lost', method: 'DELETE', path: '/projects/acme%2Fops/variables/*' });
    const result = await run();
    expect(result.error).toBeUndefined();
    const deletes = gitlab.log.entries({ method: 'DELETE' }).filter((e) => e.path.includes('KEYTURN_LEASE_'));
    expect(deletes).toHaveLength(1);
    expect(gitlab.variables({ project: 'acme/ops' }).filter((v) => v.key.startsWith('KEYTURN_LEASE_'))).toEqual([]);
  });

  it('gives up on a rate limit longer than it waits, before anything is made, and says when to run again', async () => {
    gitlab.rateLimit({ retryAfter: 600, method: 'GET', path: '/projects/*/variables/*' });
    const keysBefore = platform.listKeys().length;
    const result = await run();
    expect(result.error).toMatchObject({ code: 'target-unreachable', step: 'preflight' });
    expect(result.error!.message).toMatch(/GitLab answered 429 \(rate limit: try again in 600 s\)/);
    expect(result.error!.advice).toMatch(/rate-limited the run longer than it waits/);
    expect(platform.listKeys()).toHaveLength(keysBefore);
  });

  it("keeps a record bigger than one GitLab variable's 10,000 characters in parts, and reads it back whole", async () => {
    const store = gitlabVariableStore(createGitLabClient({ token: OWNER, apiUrl: gitlab.url }), 'acme/ops');
    const record = emptyRecord('keyturn-big-family', SECRET, 'personal');
    for (let i = 0; i < 400; i++)
      record.targets[`gitlab:acme/service-with-a-long-name-${i}:*`] = {
        spec: `gitlab:acme/service-with-a-long-name-${i}`,
        keyIds: [i + 1],
      };
    await store.save(record);
    const variables = gitlab.variables({ project: 'acme/ops' });
    expect(variables.length).toBeGreaterThan(2);
    expect(Math.max(...variables.map((v) => v.value.length))).toBeLessThanOrEqual(10_000);
    const { records, unreadable } = await gitlabVariableStore(createGitLabClient({ token: OWNER, apiUrl: gitlab.url }), 'acme/ops').load();
    expect(unreadable).toEqual([]);
    expect(records).toEqual([record]);
  });
});

describe('a stuck family whose record is in GitLab (README, "A stuck family")', () => {
  it('opens one issue in the record project, makes no key until acknowledged, then closes it', async () => {
    expect((await run()).error?.message).toBeUndefined();
    const held = () => gitlab.variable({ group: 'acme' }, SECRET)!.value;
    const refused = gitlab.faults.add({
      kind: 'status',
      status: 403,
      method: 'PUT',
      path: `/projects/acme%2Fweb/variables/${SECRET}`,
      times: 'always',
    });
    for (let n = 1; n <= STUCK_AFTER_RUNS; n++) expect((await run({ revokeKeyIds: [] }, held())).error?.code).toBe('target-failed');
    gitlab.faults.remove(refused);
    const issues = () => gitlab.issues('acme/ops');
    expect(issues()).toMatchObject([{ state: 'opened', labels: ['keyturn-stuck'] }]);
    expect(issues()[0]!.title).toMatch(/^keyturn: family .+ is stuck \(repeated-failure\)$/);

    const keysBefore = platform.listKeys().length;
    const blocked = await run({ revokeKeyIds: [] }, held());
    expect(blocked.error?.code).toBe('stuck');
    expect(platform.listKeys()).toHaveLength(keysBefore);
    expect(issues()).toHaveLength(1);

    const acknowledged = await run({ revokeKeyIds: [], acknowledge: true }, held());
    expect(acknowledged.error?.message).toBeUndefined();
    expect(issues()).toMatchObject([{ state: 'closed' }]);
    for (const issue of issues()) expect(`${issue.title}\n${issue.description}`).not.toContain(held());
  });
});

// `keyturn audit --org` through the packed bin against the emulators: an organization of 200
// repositories, 30 holding a copy of the key, 25 of them written by a rotation (its record in
// acme/ops), 5 that no record names, 3 of the managed ones written by hand since. The audit names
// exactly those 5 and those 3, in JSON and in the table, pages the repository listing, writes its
// progress on stderr only, and a run killed half-way goes on from its checkpoint with --resume.

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyturn/api';
import {
  type GitHubEmulator,
  type GitLabEmulator,
  type PlatformEmulator,
  startGitHubEmulator,
  startGitLabEmulator,
  startPlatformEmulator,
} from '@keyturn/emulator';
import { rotateKey } from '@keyturn/rotation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, keyturn, leaksIn, startKeyturn } from './keyturn-process.js';

const TOKEN = 'github_pat_inventory_0123456789abcdef';
const GITLAB_TOKEN = 'glpat-inventory-0123456789';
const SECRET = 'NEON_API_KEY';
const pad = (n: number) => String(n).padStart(3, '0');
const REPOS = Array.from({ length: 200 }, (_, i) => `acme/svc-${pad(i + 1)}`);

const MANAGED = [
  ...Array.from({ length: 22 }, (_, i) => `repo:acme/svc-${pad(i + 1)}`),
  'env:acme/svc-023:production',
  'dependabot:acme/svc-024',
  'codespaces:acme/svc-025',
];
const EDITED = ['repo:acme/svc-003', 'env:acme/svc-023:production', 'dependabot:acme/svc-024'].map((place) => ({ place, name: SECRET }));
const UNMANAGED = [
  { place: 'repo:acme/svc-101', name: SECRET },
  { place: 'env:acme/svc-102:staging', name: SECRET },
  { place: 'dependabot:acme/svc-103', name: 'NEON_API_KEY_CI' },
  { place: 'codespaces:acme/svc-104', name: SECRET },
  { place: 'repo:acme/svc-105', name: 'NEON_KEY_OLD' },
];

let platform: PlatformEmulator;
let github: GitHubEmulator;
const secrets: string[] = [TOKEN];
const byPlace = (a: { place: string }, b: { place: string }) => a.place.localeCompare(b.place);

beforeAll(async () => {
  platform = await startPlatformEmulator();
  github = await startGitHubEmulator({
    orgs: ['acme'],
    repos: [...REPOS, 'acme/ops'],
    environments: { 'acme/svc-023': ['production'], 'acme/svc-102': ['staging'] },
    tokens: { [TOKEN]: 'write' },
  });
  const consoleKey = platform.createKey('made in the console');
  secrets.push(consoleKey.key);
  // The 25 managed copies: one rotation's targets, its record in acme/ops.
  await rotateKey({
    client: createClient({ apiKey: consoleKey.key, baseUrl: platform.url }),
    github: { token: TOKEN, baseUrl: github.url, writeIntervalMs: 0 },
    targets: MANAGED,
    secretName: SECRET,
    record: { repository: 'acme/ops' },
    defaultRepository: 'acme/ops',
    onKeyCreated: (value: string) => void secrets.push(value),
  });
  // Written by hand after the record's last write (GitHub's times are whole seconds).
  const later = new Date(Date.now() + 120_000);
  EDITED.forEach(({ place }, i) => {
    secrets.push(`typed-by-hand-value-${i}`);
    github.putSecretValue(place, SECRET, `typed-by-hand-value-${i}`, { writtenAt: later });
  });
  UNMANAGED.forEach(({ place, name }, i) => {
    secrets.push(`a-copy-nobody-rotates-${i}`);
    github.putSecretValue(place, name, `a-copy-nobody-rotates-${i}`);
  });
  github.putSecretValue('repo:acme/svc-150', 'OTHER_TOKEN', 'not-a-copy-of-the-key');
});
afterAll(async () => {
  await platform?.close();
  await github?.close();
});

const AUDIT = () => [
  'audit',
  '--org',
  'acme',
  '--match',
  'NEON*',
  '--record-repo',
  'acme/ops',
  '--github-api-url',
  github.url,
  '--read-interval',
  '5ms',
];
const env = { GITHUB_TOKEN: TOKEN };

async function audit(extra: string[] = []) {
  const result = await keyturn([...AUDIT(), ...extra], { env });
  expect(leaksIn(result, secrets), 'no key value in any output').toEqual([]);
  return result;
}

describe('keyturn audit --org', () => {
  it('names exactly the 5 unmanaged copies and the 3 edited by hand, in JSON; pages the repositories; exit 5', async () => {
    github.log.clear();
    const result = await audit(['--output', 'json']);
    expect(result.code, result.stderr).toBe(5);
    const json = jsonOf(result);
    expect(json.unmanaged.sort(byPlace)).toEqual([...UNMANAGED].sort(byPlace));
    expect(json.editedSince.sort(byPlace)).toEqual([...EDITED].sort(byPlace));
    expect(json.copies).toHaveLength(30);
    expect(
      json.copies
        .filter((c: { families: string[] }) => c.families.length > 0)
        .map((c: { place: string }) => c.place)
        .sort(),
    ).toEqual([...MANAGED].sort());
    expect(json).toMatchObject({ scope: 'copies', sources: ['github:acme'], match: ['NEON*'], unreadable: [], places: 202 });
    // 201 repositories: three pages of at most 100, each a request of its own.
    const repoPages = github.log.entries().filter((e) => e.path === '/orgs/acme/repos');
    expect(repoPages).toHaveLength(3);
    expect(json.requests).toBe(
      github.log.entries().filter((e) => e.method === 'GET' && e.path !== '/repos/acme/ops/actions/variables').length,
    );
    // stdout is the document alone; progress went to stderr.
    expect(result.stderr).toMatch(/Listing github:acme: 100 of 202 places/);
    expect(result.stderr).toContain('30 copies in 202 places');
  });

  it('a run killed half-way goes on from its checkpoint with --resume, listing nothing twice; its table names the same copies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keyturn-audit-'));
    const file = join(dir, 'audit.checkpoint');
    github.log.clear();
    const started = startKeyturn([...AUDIT(), '--resume', file], { env });
    let stderr = '';
    started.child.stderr!.on('data', (chunk) => (stderr += chunk));
    while (!/Listing github:acme: 100 of 202/.test(stderr)) {
      expect(started.child.exitCode, 'the audit ended before it was cut').toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    started.child.kill('SIGKILL');
    await started.done;
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(JSON.stringify(saved)).not.toMatch(/typed-by-hand|nobody-rotates/);
    const cutAt: number = saved.walks[0].done;
    expect(cutAt).toBeGreaterThanOrEqual(100);
    expect(cutAt).toBeLessThan(202);
    const listedBefore = github.log.entries().length;

    const resumed = await audit(['--resume', file]);
    expect(resumed.code, resumed.stderr).toBe(5);
    expect(resumed.stderr).toContain(`Resuming from ${file}: github:acme ${cutAt} of 202 places listed`);
    // The table: a row a copy, the flags last; progress went to stderr only.
    expect(resumed.stdout).not.toMatch(/Listing|Resuming/);
    const rows = resumed.stdout.split('\n').filter((line) => /^(repo|env|dependabot|codespaces|org)[-a-z]*:/.test(line));
    expect(rows).toHaveLength(30);
    const cells = (row: string) => row.split(/\s{2,}/);
    const flagged = (flag: string) =>
      rows
        .filter((r) => cells(r).at(-1)!.split(', ').includes(flag))
        .map((r) => cells(r).slice(0, 2).join(' '))
        .sort();
    expect(flagged('unmanaged')).toEqual(UNMANAGED.map((c) => `${c.place} ${c.name}`).sort());
    expect(flagged('edited-since')).toEqual(EDITED.map((c) => `${c.place} ${c.name}`).sort());
    expect(resumed.stdout).toContain('unmanaged: no record names it');
    expect(resumed.stdout).toContain("edited-since: changed after its record's last write");
    // The resumed run listed only the places after the cut: not the repositories, not the first ones.
    const again = github.log
      .entries()
      .slice(listedBefore)
      .map((e) => e.path);
    expect(again.filter((p) => p === '/orgs/acme/repos' || p.startsWith('/orgs/acme/') || p.startsWith('/repos/acme/svc-001/'))).toEqual(
      [],
    );
    const lastBeforeCut = saved.walks[0].places[cutAt - 1] as string;
    expect(again.filter((p) => p.startsWith(`/repos/${lastBeforeCut}/`))).toEqual([]);
    expect(existsSync(file), 'the checkpoint is removed once the audit is done').toBe(false);
  });

  it('refuses bad input before any request, a checkpoint of another search included; exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keyturn-audit-'));
    const other = join(dir, 'other.checkpoint');
    writeFileSync(
      other,
      JSON.stringify({
        keyturnInventory: 1,
        match: ['OTHER'],
        walks: [{ source: 'github:acme', done: 0, copies: [], unreadable: [], requests: 0 }],
      }),
    );
    github.log.clear();
    const mixed = await audit(['--max-age', '90']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--max-age is for the audit of keys');
    const pattern = await audit(['--match', 'NEON-KEY']);
    expect(pattern.code).toBe(2);
    expect(pattern.stderr).toContain('holds characters no secret name has');
    const resume = await audit(['--resume', other]);
    expect(resume.code).toBe(2);
    expect(resume.stderr).toContain('is the checkpoint of another search');
    const noToken = await keyturn(AUDIT(), { env: {} });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('no GitHub token');
    const matchAlone = await keyturn(['audit', '--match', 'NEON*', '--record-repo', 'acme/ops'], { env });
    expect(matchAlone.code).toBe(2);
    expect(matchAlone.stderr).toContain('--match is for the audit of copies');
    expect(github.log.entries().filter((e) => !e.path.endsWith('/actions/variables'))).toEqual([]);
  });
});

describe('keyturn audit --gitlab-group', () => {
  let gitlab: GitLabEmulator;
  beforeAll(async () => {
    gitlab = await startGitLabEmulator({
      projects: ['grp/app', 'grp/sub/tool', 'elsewhere/x'],
      tokens: { [GITLAB_TOKEN]: { roles: { grp: 'owner' } } },
    });
  });
  afterAll(async () => {
    await gitlab?.close();
  });

  it("lists the group's and its projects' variables, time unknown; a record's GitLab target is managed", async () => {
    const consoleKey = platform.createKey('gitlab console key');
    secrets.push(consoleKey.key, GITLAB_TOKEN);
    await rotateKey({
      client: createClient({ apiKey: consoleKey.key, baseUrl: platform.url }),
      github: { token: TOKEN, baseUrl: github.url, writeIntervalMs: 0 },
      gitlab: { token: GITLAB_TOKEN, apiUrl: gitlab.url },
      targets: ['gitlab:grp/app:production'],
      secretName: 'GL_NEON_KEY',
      record: { repository: 'acme/ops' },
      defaultRepository: 'acme/ops',
      onKeyCreated: (value: string) => void secrets.push(value),
    });
    gitlab.setVariable({ project: 'grp/sub/tool' }, { key: 'GL_NEON_KEY', value: 'subgroup-copy-value-1' });
    gitlab.setVariable({ group: 'grp' }, { key: 'GL_NEON_KEY', value: 'group-copy-value-2' });
    gitlab.setVariable({ project: 'elsewhere/x' }, { key: 'GL_NEON_KEY', value: 'outside-the-group-3' });
    secrets.push('subgroup-copy-value-1', 'group-copy-value-2', 'outside-the-group-3');
    const result = await keyturn(
      [
        'audit',
        '--gitlab-group',
        'grp',
        '--secret-name',
        'GL_NEON_KEY',
        '--record-repo',
        'acme/ops',
        '--github-api-url',
        github.url,
        '--gitlab-url',
        gitlab.url,
        '--output',
        'json',
      ],
      { env: { GITHUB_TOKEN: TOKEN, GITLAB_TOKEN } },
    );
    expect(leaksIn(result, secrets)).toEqual([]);
    expect(result.code, result.stderr).toBe(5);
    const json = jsonOf(result);
    expect(json.copies.map((c: { place: string; families: string[]; updatedAt: null }) => [c.place, c.families, c.updatedAt])).toEqual([
      ['gitlab-group:grp', [], null],
      ['gitlab:grp/app:production', [expect.any(String)], null],
      ['gitlab:grp/sub/tool', [], null],
    ]);
    expect(json.editedSince).toEqual([]);
    expect(json.unmanaged).toEqual([
      { place: 'gitlab-group:grp', name: 'GL_NEON_KEY' },
      { place: 'gitlab:grp/sub/tool', name: 'GL_NEON_KEY' },
    ]);
  });
});

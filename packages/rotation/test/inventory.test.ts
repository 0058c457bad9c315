// inventoryCopies against the GitHub and GitLab emulators with real clients: the join rules (a copy
// a record names is managed, one no record names is not, a managed copy changed after its record's
// last write was edited since), the gaps a refused listing leaves, and a cut walk resumed from its
// checkpoint without listing again what it had listed.

import {
  type GitHubEmulator,
  type GitLabEmulator,
  type PlatformEmulator,
  startGitHubEmulator,
  startGitLabEmulator,
  startPlatformEmulator,
} from '@keyturn/emulator';
import { createClient } from '@keyturn/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GITHUB_READ_INTERVAL_MS,
  type InventoryCheckpoint,
  inventoryCopies,
  joinCopiesWithRecords,
  readCheckpoint,
  rotateKey,
  type SecretCopy,
} from '../src/index.js';
import { emptyRecord } from '../src/record/target-record.js';
import { createGitHubClient, createGitHubRecordStore, createGitLabClient, createGitLabRecordStore } from '../src/targets.js';

const TOKEN = 'ghp_inventory0123456789abcdef';
const GITLAB_TOKEN = 'glpat-inventory0123456789';
const SECRET = 'NEON_API_KEY';

describe('joinCopiesWithRecords', () => {
  const record = { ...emptyRecord('web', SECRET, 'personal'), targets: { 'repo:acme/web': { spec: 'repo:acme/web', keyIds: [1] } } };
  const other = { ...emptyRecord('ops', 'OTHER_KEY', 'personal'), targets: { 'repo:acme/ops': { spec: 'repo:acme/ops', keyIds: [2] } } };
  const copy = (place: string, name: string, updatedAt: string | null): SecretCopy => ({
    store: 'repo',
    place,
    identity: place.toLowerCase(),
    name,
    updatedAt,
  });
  const at = (r: unknown) => (r === record ? '2026-01-01T10:00:00Z' : undefined);

  it('a copy a record names (place and secret name, in any case) is managed; edited since only when changed after the record', () => {
    const [same, later, earlier] = joinCopiesWithRecords(
      [
        copy('repo:acme/web', 'NEON_API_KEY', '2026-01-01T10:00:00Z'),
        copy('repo:ACME/Web', 'neon_api_key', '2026-01-01T10:00:01Z'),
        copy('repo:acme/web', SECRET, '2025-12-31T00:00:00Z'),
      ],
      [record, other],
      at,
    );
    expect(same).toMatchObject({ families: ['web'], recordWrittenAt: '2026-01-01T10:00:00Z', editedSince: false });
    expect(later).toMatchObject({ families: ['web'], editedSince: true });
    expect(earlier).toMatchObject({ families: ['web'], editedSince: false });
  });

  it('a copy under another name, or in a place no record names, is unmanaged; no time on either side is unknown', () => {
    const [renamed, elsewhere, otherFamily, untimed] = joinCopiesWithRecords(
      [
        copy('repo:acme/web', 'NEON_API_KEY_OLD', null),
        copy('repo:acme/api', SECRET, null),
        copy('repo:acme/ops', SECRET, null),
        copy('repo:acme/web', SECRET, null),
      ],
      [record, other],
      at,
    );
    expect(renamed).toMatchObject({ families: [], editedSince: null, recordWrittenAt: null });
    expect(elsewhere).toMatchObject({ families: [] });
    // acme/ops is named by a record of another secret: not this copy's.
    expect(otherFamily).toMatchObject({ families: [] });
    expect(untimed).toMatchObject({ families: ['web'], editedSince: null });
    // A record whose store keeps no time: unknown, whatever the copy's time.
    const [noRecordTime] = joinCopiesWithRecords([copy('repo:acme/web', SECRET, '2030-01-01T00:00:00Z')], [record], () => undefined);
    expect(noRecordTime).toMatchObject({ families: ['web'], editedSince: null });
  });
});

describe('inventoryCopies against the emulators', () => {
  let platform: PlatformEmulator;
  let github: GitHubEmulator;
  let gitlab: GitLabEmulator;
  const repos = Array.from({ length: 6 }, (_, i) => `acme/svc-${i + 1}`);

  beforeEach(async () => {
    platform = await startPlatformEmulator();
    github = await startGitHubEmulator({
      orgs: ['acme'],
      repos: [...repos, 'acme/ops'],
      environments: { 'acme/svc-1': ['production'] },
      tokens: { [TOKEN]: 'write' },
    });
    gitlab = await startGitLabEmulator({
      projects: ['grp/app', 'grp/sub/tool', 'other/x'],
      tokens: { [GITLAB_TOKEN]: { roles: { grp: 'owner' } } },
    });
  });
  afterEach(async () => {
    await Promise.all([platform.close(), github.close(), gitlab.close()]);
  });

  const client = () => createGitHubClient({ token: TOKEN, baseUrl: github.url, retries: 0, writeIntervalMs: 0 });

  async function rotate(targets: string[]) {
    const report = await rotateKey({
      client: createClient({ apiKey: platform.createKey('console').key, baseUrl: platform.url }),
      github: { token: TOKEN, baseUrl: github.url, writeIntervalMs: 0 },
      targets,
      secretName: SECRET,
      record: { repository: 'acme/ops' },
      defaultRepository: 'acme/ops',
    });
    expect(report.keyId).toEqual(expect.any(Number));
  }

  it('names the managed, the unmanaged and the edited copies of every store, never a value', async () => {
    await rotate(['repo:acme/svc-1', 'env:acme/svc-1:production', 'org:acme', 'dependabot:acme/svc-2']);
    const later = new Date(Date.now() + 60_000);
    github.putSecretValue('repo:acme/svc-1', SECRET, 'typed-by-hand-value-1', { writtenAt: later });
    github.putSecretValue('codespaces:acme/svc-3', SECRET, 'pasted-in-codespaces-2');
    github.putSecretValue('dependabot-org:acme', 'NEON_API_KEY_CI', 'org-dependabot-copy-3');
    github.putSecretValue('codespaces-org:acme', SECRET, 'org-codespaces-copy-4');
    github.putSecretValue('repo:acme/svc-4', 'UNRELATED', 'not-a-copy-of-anything-5');
    const { records } = await createGitHubRecordStore(client(), 'acme/ops').load();

    const report = await inventoryCopies({ github: { client: client(), org: 'acme' }, match: ['NEON*'], records, githubReadIntervalMs: 0 });
    const by = (c: { place: string; name: string }) => `${c.place} ${c.name}`;
    expect(report.copies.map(by).sort()).toEqual(
      [
        'org:acme NEON_API_KEY',
        'dependabot-org:acme NEON_API_KEY_CI',
        'codespaces-org:acme NEON_API_KEY',
        'repo:acme/svc-1 NEON_API_KEY',
        'env:acme/svc-1:production NEON_API_KEY',
        'dependabot:acme/svc-2 NEON_API_KEY',
        'codespaces:acme/svc-3 NEON_API_KEY',
      ].sort(),
    );
    expect(report.unmanaged.map(by).sort()).toEqual([
      'codespaces-org:acme NEON_API_KEY',
      'codespaces:acme/svc-3 NEON_API_KEY',
      'dependabot-org:acme NEON_API_KEY_CI',
    ]);
    expect(report.editedSince.map(by)).toEqual(['repo:acme/svc-1 NEON_API_KEY']);
    expect(report.copies.find((c) => c.place === 'org:acme')).toMatchObject({ editedSince: false, recordWrittenAt: expect.any(String) });
    expect(report.unreadable).toEqual([]);
    // The organization, then each of its 7 repositories.
    expect(report.places).toBe(8);
    expect(JSON.stringify(report)).not.toMatch(/typed-by-hand|pasted-in|org-dependabot-copy|org-codespaces-copy/);
    // Every request was a listing: 1 of repositories, 3 of the organization, 4 a repository and 1 for its environment.
    expect(report.requests).toBe(1 + 3 + 7 * 4 + 1);
  });

  it('a listing the token may not read is a gap, named with what to do; the rest is listed', async () => {
    github.putSecretValue('repo:acme/svc-2', SECRET, 'a-copy-in-svc-2-value');
    github.faults.add({ kind: 'status', status: 403, method: 'GET', path: '/repos/acme/svc-5/dependabot/secrets', times: 'always' });
    const report = await inventoryCopies({
      github: { client: client(), org: 'acme' },
      match: [SECRET],
      records: [],
      githubReadIntervalMs: 0,
    });
    expect(report.unreadable).toEqual([
      { place: 'dependabot:acme/svc-5', status: 403, advice: expect.stringContaining('Dependabot secrets: read') },
    ]);
    expect(report.unmanaged.map((c) => c.place)).toEqual(['repo:acme/svc-2']);
  });

  it('paces every listing under the secondary limit and waits out the Retry-After a rate limit names', async () => {
    github.putSecretValue('repo:acme/svc-3', SECRET, 'a-copy-in-svc-3-value');
    github.secondaryRateLimit({ retryAfter: 30, path: '/repos/acme/svc-2/dependabot/secrets' });
    // A clock that moves only when the walk or the client sleeps: the waits cost no wall time.
    let now = Date.parse('2026-01-01T00:00:00Z');
    const sleeps: number[] = [];
    const runtime = {
      now: () => now,
      random: () => 0.5,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
      abortAfter: () => ({ signal: new AbortController().signal, dispose: () => undefined }),
    };
    const paced = createGitHubClient({ token: TOKEN, baseUrl: github.url, retries: 0, runtime });
    const report = await inventoryCopies({ github: { client: paced, org: 'acme' }, match: [SECRET], records: [], runtime });
    expect(report.unmanaged.map((c) => c.place)).toEqual(['repo:acme/svc-3']);
    expect(report.unreadable).toEqual([]);
    // The limited listing was retried after the 30 s GitHub asked for; every other wait spaces two listings.
    expect(sleeps.filter((ms) => ms === 30_000)).toHaveLength(1);
    const spacing = sleeps.filter((ms) => ms !== 30_000);
    expect(Math.max(...spacing)).toBeLessThanOrEqual(GITHUB_READ_INTERVAL_MS);
    // The clock moves only in sleeps, so each spacing is the whole interval; the listing after the
    // 30 s wait needs none (the wait was longer), and the first none either.
    expect(spacing).toEqual(Array(report.requests - 2).fill(GITHUB_READ_INTERVAL_MS));
  });

  it('a cut walk resumes from its checkpoint, listing nothing it had listed', async () => {
    github.putSecretValue('repo:acme/svc-2', SECRET, 'a-copy-in-svc-2-value');
    github.putSecretValue('repo:acme/svc-5', SECRET, 'a-copy-in-svc-5-value');
    const fault = github.faults.add({
      kind: 'status',
      status: 502,
      method: 'GET',
      path: '/repos/acme/svc-4/codespaces/secrets',
      times: 'always',
    });
    let saved = '';
    const options = { github: { client: client(), org: 'acme' }, match: [SECRET], records: [], githubReadIntervalMs: 0 };
    const save = (cp: InventoryCheckpoint) => {
      saved = JSON.stringify(cp);
    };
    await expect(inventoryCopies({ ...options, onCheckpoint: save })).rejects.toMatchObject({ status: 502 });
    const checkpoint = readCheckpoint(saved, [SECRET], ['github:acme']) as InventoryCheckpoint;
    // The organization, acme/ops and svc-1..svc-3 listed (by name): acme/svc-4 was cut.
    expect(checkpoint.walks[0]).toMatchObject({ done: 5, places: ['org:acme', 'acme/ops', ...repos] });
    expect(readCheckpoint(saved, ['OTHER'], ['github:acme'])).toEqual({ problem: expect.stringContaining('another search') });
    expect(readCheckpoint('{"not":"one"}', [SECRET], ['github:acme'])).toEqual({ problem: expect.stringContaining('not a checkpoint') });

    github.faults.remove(fault);
    github.log.clear();
    const resumed = await inventoryCopies({ ...options, checkpoint });
    expect(resumed.unmanaged.map((c) => c.place)).toEqual(['repo:acme/svc-2', 'repo:acme/svc-5']);
    expect(resumed.places).toBe(8);
    const listedAgain = github.log
      .entries()
      .map((e) => e.path)
      .filter((p) => /acme\/(ops|svc-[123])\/|\/orgs\//.test(p));
    expect(listedAgain).toEqual([]);
  });

  it("a GitLab group: its variables and its projects', subgroups' included, by environment scope, time unknown", async () => {
    gitlab.setVariable({ group: 'grp' }, { key: SECRET, value: 'group-level-copy-value' });
    gitlab.setVariable({ project: 'grp/app' }, { key: SECRET, value: 'project-copy-value-1', environment_scope: 'production' });
    gitlab.setVariable({ project: 'grp/sub/tool' }, { key: 'NEON_KEY', value: 'subgroup-copy-value-2' });
    gitlab.setVariable({ project: 'other/x' }, { key: SECRET, value: 'outside-the-group-3' });
    const glClient = createGitLabClient({ token: GITLAB_TOKEN, apiUrl: gitlab.url });
    const store = createGitLabRecordStore(glClient, 'grp/app');
    const record = {
      ...emptyRecord('app', SECRET, 'personal'),
      targets: { 'gitlab:grp/app:production': { spec: 'gitlab:grp/app:production', keyIds: [1] } },
    };
    await store.save(record);
    const { records } = await store.load();
    const report = await inventoryCopies({ gitlab: { client: glClient, group: 'grp' }, match: ['NEON*'], records });
    expect(report.copies.map((c) => [c.place, c.name, c.families, c.editedSince])).toEqual([
      ['gitlab-group:grp', SECRET, [], null],
      ['gitlab:grp/app:production', SECRET, ['app'], null],
      ['gitlab:grp/sub/tool', 'NEON_KEY', [], null],
    ]);
    expect(report.sources).toEqual(['gitlab:grp']);
  });
});

// rotateKey's option checks, without a server: every mistake is an OptionError naming the option's
// path as the caller wrote it, found before any request (nothing here can send one: no server).
import { createClient, OptionError } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { checkRotateKeyOptions } from './check-options.js';
import type { RotateKeyOptions } from './options.js';
import type { TargetSpec } from './targets/kinds/registry.js';

const KEY = 'napi_0123456789abcdefghijklmnop';
const GITHUB_TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuv';
const PLATFORM_SHAPED_TOKEN = 'a'.repeat(64);
const valid: RotateKeyOptions = {
  platform: { apiKey: KEY, baseUrl: 'http://127.0.0.1:1/api/v2' },
  github: { token: GITHUB_TOKEN, baseUrl: 'http://127.0.0.1:1' },
  targets: 'repo:acme/web',
  // No record, so no lease: these runs say they are one at a time (the lease's own checks below).
  lease: false,
};
const optionsOf = (options: RotateKeyOptions) => checkRotateKeyOptions(options).map((e) => e.option);

describe('checkRotateKeyOptions', () => {
  it('accepts valid options, through each door to the platform', () => {
    expect(checkRotateKeyOptions(valid)).toEqual([]);
    const client = createClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1/api/v2' });
    expect(checkRotateKeyOptions({ ...valid, platform: { client, apiKey: KEY } })).toEqual([]);
    expect(checkRotateKeyOptions({ ...valid, platform: undefined, client, apiKey: KEY })).toEqual([]);
  });

  it('lists every mistake at once, each an OptionError naming its option', () => {
    const mistakes = checkRotateKeyOptions({
      platform: { apiKey: KEY, baseUrl: 'http://platform.example.com/api/v2' },
      github: { token: PLATFORM_SHAPED_TOKEN },
      secretName: 'GITHUB_KEY',
      targets: 'repo:acme/web\nbogus',
      family: '-bad-',
      keep: 0,
      revokeKeyIds: [0],
      verify: { intervalMs: 0 },
      lease: false,
    });
    expect(mistakes.every((m) => m instanceof OptionError)).toBe(true);
    expect(mistakes.map((m) => m.option)).toEqual([
      'platform.baseUrl',
      'github.token',
      'secretName',
      'targets',
      'family',
      'keep',
      'revokeKeyIds',
      'verify.intervalMs',
    ]);
    expect(mistakes.find((m) => m.option === 'github.token')!.message).not.toContain(PLATFORM_SHAPED_TOKEN);
  });

  it('refuses a GitHub token given as the platform key, whichever door it comes through', () => {
    const client = createClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1/api/v2' });
    expect(optionsOf({ ...valid, platform: { apiKey: GITHUB_TOKEN } })).toEqual(['platform.apiKey']);
    expect(optionsOf({ ...valid, platform: { client, apiKey: GITHUB_TOKEN } })).toEqual(['platform.apiKey']);
    expect(optionsOf({ ...valid, platform: undefined, client, apiKey: GITHUB_TOKEN })).toEqual(['apiKey']);
  });

  it('takes the platform through one door only', () => {
    const client = createClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1/api/v2' });
    expect(optionsOf({ ...valid, client })).toEqual(['platform']);
    expect(optionsOf({ ...valid, platform: undefined })).toEqual(['platform']);
    expect(optionsOf({ ...valid, platform: { client } as never })).toEqual(['platform.apiKey']);
  });

  it("checks parsed specs by the parser's rules, naming the option they came in", () => {
    const good: TargetSpec[] = [
      { kind: 'repo', owner: 'acme', repo: 'web' },
      { kind: 'org', org: 'acme', visibility: 'private' },
    ];
    expect(checkRotateKeyOptions({ ...valid, targets: good })).toEqual([]);
    const bad = [{ kind: 'repo', owner: 'acme', repo: '..' }] as TargetSpec[];
    expect(optionsOf({ ...valid, targets: bad })).toEqual(['targets']);
    expect(optionsOf({ ...valid, retireTargets: bad })).toEqual(['retireTargets']);
    expect(optionsOf({ ...valid, retireTargets: 'repo:ACME/web' })).toEqual(['retireTargets']);
  });

  it('checks parsed specs field by field, never through their text', () => {
    const problemsOf = (targets: TargetSpec[]) => checkRotateKeyOptions({ ...valid, targets }).map((e) => e.message);
    // Each of these would format to text that parses, or drop a field on the way.
    expect(problemsOf([{ kind: 'org', org: 'acme', visibility: 'private', repositories: ['web'] }])).toEqual([
      'spec 1 (org:acme:private): repositories are only for visibility "selected"',
    ]);
    expect(problemsOf([{ kind: 'env', owner: 'acme', repo: 'web', environment: ' production' }])).toEqual([
      'spec 1 (env:acme/web: production): an environment name has no spaces at either end',
    ]);
    expect(problemsOf([{ kind: 'env', owner: 'acme', repo: 'web', environment: 'a,repo:acme/api' }])).toEqual([]);
    expect(
      problemsOf([
        { kind: 'repo', owner: 'acme', repo: 'web' },
        { kind: 'repo', owner: 'ACME', repo: 'Web' },
      ]),
    ).toEqual(['spec 2 (repo:ACME/Web): repeats the target of spec 1']);
    expect(
      problemsOf([{ kind: 'vault', path: 'kv/neon' } as never, { kind: 'org', org: 'acme', visibility: 'selected', repositories: [] }]),
    ).toEqual([
      '2 target specs are malformed:\n  spec 1: not a target spec: kind must be one of repo, env, org, dependabot, codespaces, codespaces-org, codespaces-user, gitlab, gitlab-group, vercel\n  spec 2 (org:acme:selected:): "selected" needs at least one repository',
    ]);
  });

  it('keeps no record unless one is given; a record in a repository needs OWNER/REPO and GitHub access', () => {
    expect(optionsOf({ ...valid, record: { repository: 'acme/web' } })).toEqual([]);
    expect(optionsOf({ ...valid, record: false })).toEqual([]);
    expect(optionsOf({ ...valid, record: { repository: 'acme' } })).toEqual(['record.repository']);
    expect(optionsOf({ ...valid, record: 'acme/web' as never })).toEqual(['record']);
    const store = {
      load: async () => ({ records: [], unreadable: [] }),
      save: async () => {},
      remove: async () => {},
      describe: () => 'memory',
    };
    expect(optionsOf({ ...valid, record: store })).toEqual([]);
    const withoutGitHub = checkRotateKeyOptions({ ...valid, github: undefined, record: { repository: 'acme/web' } });
    expect(withoutGitHub.map((e) => e.message)).toEqual([
      "github options (a token, a GitHub App, or an octokit) are required to write GitHub secrets and to keep the record in record.repository's variables",
    ]);
  });

  it('takes a lease where the record is kept, and refuses a run that could take none unless it opts out', () => {
    const { lease: _, ...defaults } = valid;
    expect(optionsOf({ ...defaults, record: { repository: 'acme/web' } })).toEqual([]);
    expect(
      optionsOf({ ...defaults, record: { repository: 'acme/web' }, lease: { waitMs: 0, holder: 'https://ci.example/run/1' } }),
    ).toEqual([]);
    // A dry run writes nothing, so it takes no lease.
    expect(optionsOf({ ...defaults, dryRun: true })).toEqual([]);
    const without = checkRotateKeyOptions(defaults);
    expect(without.map((e) => e.option)).toEqual(['lease']);
    expect(without[0]!.message).toMatch(/no record store is given.*give `record`.*one concurrency group, opt out of the lease \(`lease`\)/);
    const store = {
      load: async () => ({ records: [], unreadable: [] }),
      save: async () => {},
      remove: async () => {},
      describe: () => 'memory',
    };
    const custom = checkRotateKeyOptions({ ...defaults, record: store });
    expect(custom.map((e) => e.message)).toEqual([expect.stringMatching(/the record store given offers no lease/)]);
    expect(optionsOf({ ...defaults, record: { repository: 'acme/web' }, lease: { waitMs: -1 } })).toEqual(['lease.waitMs']);
    expect(optionsOf({ ...defaults, record: { repository: 'acme/web' }, lease: { holder: ' ' } })).toEqual(['lease.holder']);
    expect(optionsOf({ ...defaults, record: { repository: 'acme/web' }, lease: true as never })).toEqual(['lease']);
  });

  it("checks GitHub's base URL without building a client", () => {
    expect(optionsOf({ ...valid, github: { token: GITHUB_TOKEN, baseUrl: 'github.example.com/api/v3' } })).toEqual(['github.baseUrl']);
    expect(optionsOf({ ...valid, github: { token: GITHUB_TOKEN, baseUrl: 'https://github.example.com/api/v3/' } })).toEqual([]);
  });

  it('says that GitHub access is missing once, and only when none was given', () => {
    expect(optionsOf({ ...valid, github: undefined })).toEqual(['github']);
    expect(optionsOf({ ...valid, github: { token: '' } })).toEqual(['github.token']);
  });

  it('refuses what is not an options object', () => {
    expect(optionsOf(undefined as never)).toEqual(['options']);
  });
});

describe('Vercel access', () => {
  const problemsOf = (options: Partial<RotateKeyOptions>) =>
    checkRotateKeyOptions({ ...valid, targets: 'repo:acme/web\nvercel:web@acme', ...options }).map((e) => `${e.option}: ${e.message}`);

  it('a vercel: target needs a Vercel token, named as such; none is needed without one', () => {
    expect(problemsOf({})).toEqual([
      expect.stringMatching(/^vercel\.token: token is required to write Vercel projects' environment variables/),
    ]);
    expect(checkRotateKeyOptions(valid)).toEqual([]);
    expect(problemsOf({ vercel: { token: 'vercel_token_0001' } })).toEqual([]);
  });

  it('refuses a token with spaces, a platform key in its place (unquoted), plain http off loopback, and a redeploy that is no boolean', () => {
    expect(problemsOf({ vercel: { token: 'vercel token' } })).toEqual([expect.stringMatching(/^vercel\.token: .*spaces/)]);
    const said = problemsOf({ vercel: { token: PLATFORM_SHAPED_TOKEN } });
    expect(said).toEqual([expect.stringMatching(/^vercel\.token: .*shaped like a platform API key/)]);
    expect(said.join('')).not.toContain(PLATFORM_SHAPED_TOKEN);
    expect(problemsOf({ vercel: { token: 'vercel_token_0001', apiUrl: 'http://api.example.com' } })).toEqual([
      expect.stringMatching(/^vercel\.apiUrl: .*https: for api\.example\.com/),
    ]);
    expect(problemsOf({ vercel: { token: 'vercel_token_0001', deployTimeoutMs: 0 } })).toEqual([
      expect.stringMatching(/^vercel\.deployTimeoutMs: /),
    ]);
    expect(problemsOf({ vercel: { token: 'vercel_token_0001' }, vercelRedeploy: 'yes' as unknown as boolean })).toEqual([
      expect.stringMatching(/^vercelRedeploy: /),
    ]);
  });
});

// Bad input to the packed bin: a flag, keyturn.yml, a target spec, a credential missing or given the
// wrong way. Each gets exit 2 and a clear error naming what to fix (a file's line), before any
// request: the emulators see nothing, the secret keeps its key, no key is made.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { keyturn, PROJECT } from './keyturn-process.js';
import { it, RECORD_REPO, REPO, run, TOKEN, type World } from './world.js';

function expectNothingChanged(world: World): void {
  expect(world.platform.log.entries()).toEqual([]);
  expect(world.github.log.entries()).toEqual([]);
  expect(world.github.secretValue(REPO, 'NEON_API_KEY')).toBe(world.consoleKey.key);
  expect(world.platform.listKeys().map((k) => k.id)).toEqual([world.consoleKey.id]);
}

const CASES: Array<{ name: string; args: string[]; config?: string; env?: Record<string, string | undefined>; says: RegExp[] }> = [
  { name: 'a malformed target spec', args: ['--target', 'repo:acme'], says: [/--target: target 1 \('repo:acme'\)/] },
  {
    name: 'a key pasted as a target',
    args: ['--target', 'repo:acme/napi0123456789abcdefghijklmnop'],
    says: [/--target target 1 is a \d+-character value that looks like a key or token/],
  },
  { name: 'no target at all', args: [], says: [/no target: pass --target repo:OWNER\/REPO/] },
  { name: 'keep out of range', args: ['--target', REPO, '--keep', '0'], says: [/--keep is invalid: it must be/] },
  {
    name: 'a key id that is none',
    args: ['--target', REPO, '--revoke-key-id', 'abc'],
    says: [/--revoke-key-id holds 'abc', not a key id/],
  },
  {
    name: 'an unknown key kind',
    args: ['--target', REPO, '--key-kind', 'team'],
    says: [/--key-kind must be one of personal, organization, project/],
  },
  {
    name: 'an org id without its kind',
    args: ['--target', REPO, '--org-id', 'org-1'],
    says: [/--org-id is given, but --key-kind is personal/],
  },
  { name: 'no platform key', args: ['--target', REPO], env: { NEON_API_KEY: undefined }, says: [/no platform API key: set NEON_API_KEY/] },
  {
    name: 'no GitHub credential',
    args: ['--target', REPO],
    env: { GITHUB_TOKEN: undefined },
    says: [/no GitHub credential, needed to write GitHub secrets( and [^:]*)?: set GITHUB_TOKEN/],
  },
  { name: 'a token and an App at once', args: ['--target', REPO, '--app-id', '12'], says: [/reach GitHub one way/] },
  {
    name: 'a key file that is not there',
    args: ['--target', REPO, '--api-key-file', 'missing.txt'],
    says: [/--api-key-file missing\.txt: cannot be read \(ENOENT\)/],
  },
  {
    name: 'a plain-http platform URL off loopback',
    args: ['--target', REPO, '--api-url', 'http://example.com/api/v2'],
    says: [/--api-url is invalid: it must use https:/],
  },
  {
    name: 'keyturn.yml: a syntax error, named by line',
    args: [],
    config: 'targets:\n  - repo:acme/web\nkeep: [1\n',
    says: [/bad\.yml line \d+: /],
  },
  {
    name: 'keyturn.yml: an unknown key and a nested value, each with its line',
    args: [],
    config: 'targets:\n  - repo:acme/web\ntarget: repo:acme/x\nkeep:\n  count: 2\n',
    says: [
      /bad\.yml line 3 \(target\): unknown option 'target'; this command reads targets, /,
      /bad\.yml line 5 \(keep\): must be a value or a list of values/,
    ],
  },
  {
    name: 'keyturn.yml: a credential in the file',
    args: [],
    config: 'targets: [repo:acme/web]\napi-key: napi_0123456789abcdefghij\n',
    says: [/bad\.yml line 2 \(api-key\): credentials are never read from bad\.yml; remove it and set NEON_API_KEY/],
  },
  {
    name: 'keyturn.yml: a bad spec in the list',
    args: [],
    config: 'targets:\n  - repo:acme/web\n  - wiki:acme/web\n',
    says: [/bad\.yml line 3 \(targets\): target 2 \('wiki:acme\/web'\)/],
  },
  {
    name: '--config naming no file',
    args: ['--target', REPO, '--config', 'nowhere.yml'],
    says: [/--config nowhere\.yml: cannot be read \(ENOENT\)/],
  },
];

describe('keyturn rotate refuses bad input before any request', () => {
  it.for(CASES)('$name', async ({ args, config, env, says }, { world }) => {
    if (config !== undefined) writeFileSync(join(PROJECT, 'bad.yml'), config);
    const configArgs = config === undefined ? [] : ['--config', 'bad.yml'];
    // The case's flags last: a flag given twice takes the last value.
    const result = await run(world, ['rotate', ...world.urls, ...configArgs, '--record-repo', RECORD_REPO, ...args], { env });

    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    for (const pattern of says) expect(result.stderr).toMatch(pattern);
    expectNothingChanged(world);
  });

  it('reports every mistake at once', async ({ world }) => {
    const result = await run(world, ['rotate', '--target', 'repo:acme', '--keep', 'x', '--key-kind', 'team', ...world.urls]);
    expect(result.code).toBe(2);
    // The fourth: no record, so no lease (--record-repo, or --without-lease).
    expect(result.stderr).toMatch(/4 problems:/);
    expect(result.stderr).toMatch(
      /no record store is given, so no lease keeps two runs of the family apart: give --record-repo .*opt out of the lease \(--without-lease\)/,
    );
    expectNothingChanged(world);
  });

  it('reads a credential from a file, never echoing it', async ({ world }) => {
    writeFileSync(join(PROJECT, 'token.txt'), `${TOKEN}\n`);
    const result = await keyturn(
      ['rotate', '--target', REPO, '--record-repo', RECORD_REPO, '--github-token-file', 'token.txt', '--dry-run', ...world.urls],
      {
        env: { NEON_API_KEY: world.consoleKey.key },
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toContain(TOKEN);
  });
});

describe.concurrent('the other commands refuse bad input too', () => {
  it.for([
    { args: ['wait', '--timeout', 'soon'], says: /--timeout is 'soon', not a duration/ },
    { args: ['wait', '--project-id', 'p-1', '--operation-id', 'a b'], says: /--operation-id holds/ },
    { args: ['wait'], says: /no project: pass --project-id/ },
    { args: ['status'], says: /no record repository: pass --record-repo/ },
    { args: ['audit', '--record-repo', RECORD_REPO, '--max-age', 'old'], says: /--max-age is 'old', not a whole number/ },
    { args: ['fingerprint', 'napi_0123456789abcdefghij'], says: /too many arguments/ },
  ])('keyturn $args.0: $says', async ({ args, says }, { world }) => {
    const urls = { wait: world.urls.slice(0, 2), fingerprint: [] }[args[0] as string] ?? world.urls;
    const result = await run(world, [...args, ...urls]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(says);
    expectNothingChanged(world);
  });
});

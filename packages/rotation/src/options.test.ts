// rotateKey's option checks, without a server: every mistake is an OptionError naming the option's
// path as the caller wrote it, found before any request (nothing here can send one: no server).
import { createClient, OptionError } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { checkRotateKeyOptions, type RotateKeyOptions } from './options.js';
import type { TargetSpec } from './targets/spec.js';

const KEY = 'napi_0123456789abcdefghijklmnop';
const GITHUB_TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuv';
const PLATFORM_SHAPED_TOKEN = 'a'.repeat(64);
const valid: RotateKeyOptions = {
  platform: { apiKey: KEY, baseUrl: 'http://127.0.0.1:1/api/v2' },
  github: { token: GITHUB_TOKEN, baseUrl: 'http://127.0.0.1:1' },
  targets: 'repo:acme/web',
  record: false,
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

  it('checks parsed specs by the parser\'s rules, naming the option they came in', () => {
    const good: TargetSpec[] = [{ kind: 'repo', owner: 'acme', repo: 'web' }, { kind: 'org', org: 'acme', visibility: 'private' }];
    expect(checkRotateKeyOptions({ ...valid, targets: good })).toEqual([]);
    const bad = [{ kind: 'repo', owner: 'acme', repo: '..' }] as TargetSpec[];
    expect(optionsOf({ ...valid, targets: bad })).toEqual(['targets']);
    expect(optionsOf({ ...valid, retireTargets: bad })).toEqual(['retireTargets']);
    expect(optionsOf({ ...valid, retireTargets: 'repo:ACME/web' })).toEqual(['retireTargets']);
  });

  it('says that GitHub access is missing once, and only when none was given', () => {
    expect(optionsOf({ ...valid, github: undefined })).toEqual(['github']);
    expect(optionsOf({ ...valid, github: { token: '' } })).toEqual(['github.token']);
  });

  it('refuses what is not an options object', () => {
    expect(optionsOf(undefined as never)).toEqual(['options']);
  });
});

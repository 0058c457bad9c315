// The catalogue against the library it describes: every path is an option rotateKey (or alert mode)
// takes, every default is one the library accepts, and values become rotateKey's options by path.

import { describe, expect, it } from 'vitest';
import { checkRotateKeyOptions } from '../check-options.js';
import { catalogueOptions, ROTATION_OPTIONS } from './catalogue.js';
import { optionsFromValues } from './options-from-values.js';

const ROTATE_KEY_OPTIONS = ['platform', 'github', 'gitlab', 'vercel', 'vercelRedeploy', 'targets', 'secretName', 'family'];
const MORE_OPTIONS = ['keep', 'revokeKeyIds', 'rotateEvery', 'revokeAfter', 'dryRun', 'keyKind', 'managingApiKey', 'rebuildRecord'];
const LAST_OPTIONS = ['retireTargets', 'lease', 'leakedKey', 'record', 'acknowledge', 'notifyUrl', 'issueToken'];

describe('the option catalogue', () => {
  it('names each option once, by a path of rotateKey or of alert mode', () => {
    const options = catalogueOptions();
    const paths = options.flatMap((o) => (o.path ? [o.path, ...(o.aliases ?? [])] : []));
    expect(new Set(paths).size).toBe(paths.length);
    for (const o of options.filter((o) => o.path)) {
      const head = o.path!.split('.')[0]!;
      expect(o.mode === 'alerts' ? head : [...ROTATE_KEY_OPTIONS, ...MORE_OPTIONS, ...LAST_OPTIONS]).toContain(head);
    }
    // Each front end's spelling is unique too.
    for (const spelling of [(o: (typeof options)[number]) => o.input, (o: (typeof options)[number]) => o.cli?.flag ?? o.cli?.file]) {
      const given = options.map(spelling).filter(Boolean);
      expect(new Set(given).size).toBe(given.length);
    }
  });

  it('says what each option does, and its choices where it has some', () => {
    for (const o of catalogueOptions()) {
      expect(o.doc.length, o.name).toBeGreaterThan(20);
      expect(o.type === 'choice', o.name).toBe(o.choices !== undefined);
      if (o.choices && o.default) expect(o.choices).toContain(o.default);
      // A credential is never a flag: the CLI reads it from the environment or a file.
      if (o.type === 'secret' || o.type === 'pem') expect(o.cli?.flag, o.name).toBeUndefined();
    }
  });

  it('puts each value at its path, and leaves out a service none of whose credentials is given', () => {
    const options = optionsFromValues({
      'api-key': 'napi_current',
      'api-url': ROTATION_OPTIONS['api-url'].default,
      'github-api-url': 'https://ghe.example/api/v3',
      'gitlab-url': 'https://gitlab.example/api/v4',
      'key-kind': 'organization',
      'org-id': 'org-1',
      'leaked-key-id': 7,
      'lease-wait': 60_000,
      keep: 2,
      'alert-scope': 'org:acme',
    });
    expect(options).toEqual({
      platform: { apiKey: 'napi_current', baseUrl: 'https://console.neon.tech/api/v2' },
      keyKind: { kind: 'organization', orgId: 'org-1' },
      leakedKey: { id: 7 },
      lease: { waitMs: 60_000 },
      keep: 2,
    });
    const ghe = 'https://ghe.example/api/v3';
    expect(optionsFromValues({ 'github-token': 't', 'github-api-url': ghe }).github).toEqual({ token: 't', baseUrl: ghe });
    expect(optionsFromValues({ 'app-id': '1', 'private-key': 'pem' }).github).toEqual({ appId: '1', privateKey: 'pem' });
    // No lease at all overrides its timings, whichever the table gives first.
    expect(optionsFromValues({ 'lease-wait': 1000, 'without-lease': false }).lease).toBe(false);
  });

  it('leaves every rule to the library: what two front ends once refused apart, it refuses once', () => {
    const given = { 'api-key': 'napi_current', 'github-token': 'ghp_token', 'key-kind': 'personal' };
    const base = { ...optionsFromValues(given), targets: 'repo:acme/web', lease: false as const };
    const problems = (values: Parameters<typeof optionsFromValues>[0]) =>
      checkRotateKeyOptions({ ...base, ...optionsFromValues({ ...given, ...values }) }).map((p) => [p.option, p.message]);
    expect(problems({ 'org-id': 'org-1' })).toEqual([
      [
        'keyKind.orgId',
        '`keyKind.orgId` is given, but `keyKind` is personal, which does not use it: ' +
          '`keyKind.orgId` is for `keyKind` organization or project. Set `keyKind`, or remove `keyKind.orgId`',
      ],
    ]);
    expect(problems({ 'leaked-key-id': 7, 'leaked-key-fingerprint': '0123456789abcdef' })).toEqual([
      [
        'leakedKey',
        '`leakedKey.fingerprint` and `leakedKey.id` are both given: name the leaked key one way, by its id or by its fingerprint, ' +
          'and remove the other',
      ],
    ]);
    expect(problems({ 'app-id': '12' })).toEqual([
      [
        'github',
        '`github.token` and `github.appId` are both given: reach GitHub one way, `github.token` or `github.appId` with ' +
          '`github.privateKey`, and remove the other',
      ],
    ]);
    const key = 'napi_0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP';
    const shaped = `\`secretName\` is a ${key.length}-character value that looks like a key or token, not a name`;
    expect(problems({ 'secret-name': key })).toEqual([['secretName', shaped]]);
    const target = checkRotateKeyOptions({ ...base, targets: `repo:acme/${key}` }).map((p) => p.message);
    expect(target[0]).toMatch(/^`targets` target 1 is a \d+-character value that looks like a key or token: a target names a/);
    expect(target.join()).not.toContain(key);
  });
});

// The CLI's names, as types: a key or credential the table drops is a type error where it is used.
const keys: Array<import('./catalogue.js').CatalogueKey> = ['targets', 'without-lease', 'leaked-key-id'];
const credentials: Array<import('./catalogue.js').CredentialName> = ['api-key', 'private-key', 'managing-api-key'];
describe('the CLI names the catalogue derives', () => {
  it('are the keys and credentials of its rows', () => {
    for (const key of keys) expect(catalogueOptions().some((o) => o.cli?.key === key)).toBe(true);
    for (const name of credentials) expect(ROTATION_OPTIONS[name].cli.file).toMatch(/^--[a-z-]+-file <path>$/);
  });
});

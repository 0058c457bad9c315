// The fault matrix: every step of the protocol (preflight, create, verify, each target write, each
// revocation) against every fault, all checked by the same invariants. The table is the whole
// matrix; this file runs its representative rows (every fault, every point, every outcome of each
// step, including each error's wording), the simulator (packages/simulator) every fault on every
// request. KEYTURN_FULL_FAULT_MATRIX=1 runs every row here too.

import { type FaultSpec, primaryRateLimitFault, secondaryRateLimitFault } from '@keyturn/emulator';
import { describe, expect, it } from 'vitest';
import type { RotateKeyOptions, RotationStep } from '../src/index.js';
import { checkInvariants } from './invariants.js';
import { runRotation } from './run.js';
import { ENV, ENV_SECRET_PATH, REPO, REPO_SECRET_PATH, SECRET, startWorld, TARGETS, type World } from './world.js';

interface Point {
  service: 'platform' | 'github';
  method: string;
  path: (world: World) => string;
  /** Armed when the run logs a line matching this (the step has begun); before the run otherwise. */
  armAt?: RegExp;
  /** The target a secret write goes to. */
  target?: string;
}

const POINTS = {
  'preflight: list keys': { service: 'platform', method: 'GET', path: () => '/api_keys' },
  'preflight: public key': {
    service: 'github',
    method: 'GET',
    path: () => '/repos/acme/web/actions/secrets/public-key',
  },
  create: { service: 'platform', method: 'POST', path: () => '/api_keys' },
  verify: { service: 'platform', method: 'GET', path: () => '/api_keys', armAt: /^Checking that key \d+ works/ },
  'store: repo write': { service: 'github', method: 'PUT', path: () => REPO_SECRET_PATH, target: REPO },
  'store: env write': { service: 'github', method: 'PUT', path: () => ENV_SECRET_PATH, target: ENV },
  'store: check for a newer rotation': {
    service: 'platform',
    method: 'GET',
    path: () => '/api_keys',
    armAt: /^repo:acme\/web holds the new key/,
  },
  'revoke: list keys': {
    service: 'platform',
    method: 'GET',
    path: () => '/api_keys',
    armAt: /^Listing keys with the new key/,
  },
  'revoke: old family key': { service: 'platform', method: 'DELETE', path: (w) => `/api_keys/${w.currentKey.id}` },
  'revoke: console key': { service: 'platform', method: 'DELETE', path: (w) => `/api_keys/${w.consoleKey.id}` },
} satisfies Record<string, Point>;
type PointName = keyof typeof POINTS;

type FaultMaker = (service: Point['service']) => Omit<FaultSpec, 'method' | 'path'>;
const always = { times: 'always' } as const;
const FAULTS = {
  '500 once': () => ({ kind: 'status', status: 500 }),
  '500 for good': () => ({ kind: 'status', status: 500, ...always }),
  '502 for good': () => ({ kind: 'status', status: 502, ...always }),
  '503 once': () => ({ kind: 'status', status: 503 }),
  '429 once': (s) =>
    s === 'github' ? secondaryRateLimitFault({ status: 429, retryAfter: 1 }) : { kind: 'status', status: 429, retryAfter: 0 },
  '429 for good': (s) =>
    s === 'github'
      ? secondaryRateLimitFault({ status: 429, retryAfter: 1, ...always })
      : { kind: 'status', status: 429, retryAfter: 0, ...always },
  'secondary rate limit once': () => secondaryRateLimitFault({ retryAfter: 1 }),
  'secondary rate limit for good': () => secondaryRateLimitFault({ retryAfter: 1, ...always }),
  'primary rate limit once': () => primaryRateLimitFault({ resetInSeconds: 1 }),
  'dropped connection once': () => ({ kind: 'drop' }),
  'dropped connection for good': () => ({ kind: 'drop', ...always }),
  'reply lost once': () => ({ kind: 'reply-lost' }),
  'reply lost for good': () => ({ kind: 'reply-lost', ...always }),
  // Took effect, then answered 200 with a body that is not the answer (a proxy, a cut stream).
  'reply lost, 200 answered': () => ({ kind: 'reply-lost', status: 200 }),
  'no answer (timeout) after effect': () => ({ kind: 'hang', afterEffect: true }),
  'no answer for good': () => ({ kind: 'hang', ...always }),
  '401': () => ({ kind: 'status', status: 401 }),
  '401 for good': () => ({ kind: 'status', status: 401, ...always }),
  '403': () => ({ kind: 'status', status: 403 }),
  '404': () => ({ kind: 'status', status: 404 }),
  '422': () => ({ kind: 'status', status: 422 }),
} satisfies Record<string, FaultMaker>;
type FaultName = keyof typeof FAULTS;

/** Run options a fault needs: a request that never answers is given up after a short timeout. */
const FAULT_OPTIONS: Partial<Record<FaultName, (world: World) => Partial<RotateKeyOptions>>> = {
  'no answer for good': (w) => ({ github: w.githubOptions({ timeoutMs: 300 }) }),
};

type Expectation =
  | { outcome: 'ok' /** Old keys a faked 404 left valid (404 = already revoked). */; oldKeysStay?: boolean }
  | {
      outcome: 'fail';
      step: RotationStep;
      says: RegExp;
      /** The write landed and so did the write-back, both unanswered: the run cannot know, and keeps the new key. */
      newKeyMayStayUnheld?: boolean;
    };

const ok: Expectation = { outcome: 'ok' };
const fails = (step: RotationStep, says: RegExp, extra: { newKeyMayStayUnheld?: boolean } = {}): Expectation => ({
  outcome: 'fail',
  step,
  says,
  ...extra,
});

// What each fault must lead to. Retried failures (once) succeed; the rest fail at their step.
const PLATFORM_DOWN = /did not answer or failed\. Nothing was changed: run again later/;
const GITHUB_DOWN = /GitHub did not answer or failed/;
const RATE_LIMITED_PLATFORM = /rate-limited the run/;
const RATE_LIMITED_GITHUB = /GitHub rate-limited the token/;
const KEY_REJECTED =
  /no longer works \(revoked or invalid\)\. Make a key in the platform console, put it in the secret NEON_API_KEY, then run once with `revokeKeyIds`/;
const NO_ORPHAN =
  /answer to creating key .* was lost .*no key of that name was found \(yet\); if one appears, it is an older key of the family and the next rotation revokes it\. Nothing else was changed and the current key still works: run again/;
const ORPHAN_REVOKED =
  /answer to creating key .* was lost .*the key had been created, and as its value is unknown it was revoked \(id \d+\)/;
const NOT_VERIFIED = /new key \d+ did not work within 1000 ms .*; it was revoked and nothing was written\. The current key still works/;
const REFUSED = (status: number) =>
  new RegExp(`new key \\d+ was refused \\(.*${status}.*\\); it was revoked and nothing was written\\. The current key still works`);
const NOTHING_WRITTEN = /No target had been written and the new key \d+ was revoked/;
const REPO_RESTORED = /The previous key was written back to repo:acme\/web and the new key \d+ was revoked/;
// GitHub's record of the secret (updated_at before the run first reached it) proves the unanswered write never landed.
const UNTOUCHED = (target: string) =>
  new RegExp(
    `; ${target.replace('/', '\\/')} keeps the key it held before, as no write of this run landed there \\(its secret was last updated at \\S+Z, over a minute before this run first reached it at \\S+Z\\)`,
  );
const NOTHING_LANDED = new RegExp(NOTHING_WRITTEN.source + UNTOUCHED(REPO).source);
const REPO_RESTORED_ENV_UNTOUCHED = new RegExp(REPO_RESTORED.source + UNTOUCHED(ENV).source);
const MAY_HOLD_NEW = /may hold the new key \d+: it stays valid, and so does the current key/;
const REVOKE_LATER = /Every target holds the new key and works\. Run again later/;
const PERMISSIONS = /Secrets: write.*GitHub App with `secrets` write.*`repo` scope.*GITHUB_TOKEN cannot write secrets/;
const ENV_PERMISSIONS = /Environments: write.*GitHub App with `environments` write.*`repo` scope.*GITHUB_TOKEN cannot write secrets/;

const ROWS: Array<[PointName, FaultName, Expectation]> = [
  ['preflight: list keys', '500 once', ok],
  ['preflight: list keys', '500 for good', fails('preflight', PLATFORM_DOWN)],
  ['preflight: list keys', '503 once', ok],
  ['preflight: list keys', '429 once', ok],
  ['preflight: list keys', '429 for good', fails('preflight', RATE_LIMITED_PLATFORM)],
  ['preflight: list keys', 'dropped connection once', ok],
  ['preflight: list keys', 'dropped connection for good', fails('preflight', PLATFORM_DOWN)],
  ['preflight: list keys', 'reply lost once', ok],
  ['preflight: list keys', 'reply lost for good', fails('preflight', PLATFORM_DOWN)],
  ['preflight: list keys', '401', fails('preflight', KEY_REJECTED)],
  ['preflight: list keys', '403', fails('preflight', /may not manage API keys/)],
  ['preflight: list keys', '404', fails('preflight', /404.*Nothing was changed: run again once the cause above is fixed/)],
  ['preflight: list keys', '422', fails('preflight', /422.*Nothing was changed/)],

  ['preflight: public key', '500 once', ok],
  ['preflight: public key', '500 for good', fails('preflight', GITHUB_DOWN)],
  ['preflight: public key', '429 once', ok],
  ['preflight: public key', '429 for good', fails('preflight', RATE_LIMITED_GITHUB)],
  ['preflight: public key', 'secondary rate limit once', ok],
  ['preflight: public key', 'secondary rate limit for good', fails('preflight', RATE_LIMITED_GITHUB)],
  ['preflight: public key', 'primary rate limit once', ok],
  ['preflight: public key', 'dropped connection once', ok],
  ['preflight: public key', 'dropped connection for good', fails('preflight', GITHUB_DOWN)],
  ['preflight: public key', 'reply lost once', ok],
  ['preflight: public key', 'reply lost for good', fails('preflight', GITHUB_DOWN)],
  ['preflight: public key', '401', fails('preflight', /credential is invalid or expired.*Nothing was changed/)],
  ['preflight: public key', '403', fails('preflight', PERMISSIONS)],
  ['preflight: public key', '404', fails('preflight', /repo:acme\/web was not found, or the token cannot see it/)],
  ['preflight: public key', '422', fails('preflight', /GitHub refused the request/)],

  ['create', '500 once', fails('create', NO_ORPHAN)],
  ['create', '500 for good', fails('create', NO_ORPHAN)],
  ['create', '503 once', ok],
  ['create', '429 once', ok],
  ['create', '429 for good', fails('create', RATE_LIMITED_PLATFORM)],
  ['create', 'dropped connection once', fails('create', NO_ORPHAN)],
  ['create', 'dropped connection for good', fails('create', NO_ORPHAN)],
  ['create', 'reply lost once', fails('create', ORPHAN_REVOKED)],
  ['create', 'reply lost for good', fails('create', ORPHAN_REVOKED)],
  ['create', 'reply lost, 200 answered', fails('create', ORPHAN_REVOKED)],
  ['create', 'no answer (timeout) after effect', fails('create', ORPHAN_REVOKED)],
  ['create', '401', fails('create', KEY_REJECTED)],
  ['create', '403', fails('create', /may not manage API keys/)],
  ['create', '404', fails('create', /Creating key .* failed: .*404/)],
  ['create', '422', fails('create', /Creating key .* failed: .*422/)],

  ['verify', '500 once', ok],
  ['verify', '500 for good', fails('verify', NOT_VERIFIED)],
  ['verify', '429 once', ok],
  ['verify', '429 for good', fails('verify', NOT_VERIFIED)],
  ['verify', 'dropped connection once', ok],
  ['verify', 'dropped connection for good', fails('verify', NOT_VERIFIED)],
  ['verify', 'reply lost once', ok],
  ['verify', 'reply lost for good', fails('verify', NOT_VERIFIED)],
  ['verify', '401', ok],
  ['verify', '401 for good', fails('verify', NOT_VERIFIED)],
  ['verify', '403', fails('verify', REFUSED(403))],
  ['verify', '404', fails('verify', REFUSED(404))],
  ['verify', '422', fails('verify', REFUSED(422))],

  ['store: repo write', '500 once', ok],
  ['store: repo write', '500 for good', fails('store', NOTHING_LANDED)],
  ['store: repo write', '502 for good', fails('store', NOTHING_LANDED)],
  ['store: repo write', 'no answer for good', fails('store', NOTHING_LANDED)],
  ['store: repo write', '429 once', ok],
  ['store: repo write', '429 for good', fails('store', NOTHING_WRITTEN)],
  ['store: repo write', 'secondary rate limit once', ok],
  ['store: repo write', 'secondary rate limit for good', fails('store', RATE_LIMITED_GITHUB)],
  ['store: repo write', 'primary rate limit once', ok],
  ['store: repo write', 'dropped connection once', ok],
  ['store: repo write', 'dropped connection for good', fails('store', NOTHING_LANDED)],
  ['store: repo write', 'reply lost once', ok],
  ['store: repo write', 'reply lost for good', fails('store', MAY_HOLD_NEW, { newKeyMayStayUnheld: true })],
  ['store: repo write', '401', fails('store', /credential is invalid or expired/)],
  ['store: repo write', '403', fails('store', PERMISSIONS)],
  ['store: repo write', '404', fails('store', NOTHING_WRITTEN)],
  ['store: repo write', '422', fails('store', /GitHub refused the request/)],

  ['store: env write', '500 once', ok],
  ['store: env write', '500 for good', fails('store', REPO_RESTORED_ENV_UNTOUCHED)],
  ['store: env write', '502 for good', fails('store', REPO_RESTORED_ENV_UNTOUCHED)],
  ['store: env write', 'no answer for good', fails('store', REPO_RESTORED_ENV_UNTOUCHED)],
  ['store: env write', '429 once', ok],
  ['store: env write', '429 for good', fails('store', REPO_RESTORED)],
  ['store: env write', 'secondary rate limit once', ok],
  ['store: env write', 'secondary rate limit for good', fails('store', REPO_RESTORED)],
  ['store: env write', 'primary rate limit once', ok],
  ['store: env write', 'dropped connection once', ok],
  ['store: env write', 'dropped connection for good', fails('store', REPO_RESTORED_ENV_UNTOUCHED)],
  ['store: env write', 'reply lost once', ok],
  ['store: env write', 'reply lost for good', fails('store', MAY_HOLD_NEW, { newKeyMayStayUnheld: true })],
  ['store: env write', '401', fails('store', REPO_RESTORED)],
  ['store: env write', '403', fails('store', ENV_PERMISSIONS)],
  ['store: env write', '404', fails('store', /env:acme\/web:production was not found/)],
  ['store: env write', '422', fails('store', REPO_RESTORED)],

  ['store: check for a newer rotation', '500 once', ok],
  ['store: check for a newer rotation', '429 once', ok],
  ['store: check for a newer rotation', 'dropped connection once', ok],

  ['revoke: list keys', '500 once', ok],
  ['revoke: list keys', '500 for good', fails('revoke', REVOKE_LATER)],
  ['revoke: list keys', '429 once', ok],
  ['revoke: list keys', '429 for good', fails('revoke', REVOKE_LATER)],
  ['revoke: list keys', 'dropped connection once', ok],
  ['revoke: list keys', 'dropped connection for good', fails('revoke', REVOKE_LATER)],
  ['revoke: list keys', 'reply lost once', ok],
  ['revoke: list keys', 'reply lost for good', fails('revoke', REVOKE_LATER)],
  [
    'revoke: list keys',
    '401',
    fails(
      'revoke',
      /refused the new key \d+: a concurrent rotation may have revoked it. The targets this run wrote \(repo:acme\/web, env:acme\/web:production\) may hold a revoked key; a run started with a working key rewrites them/,
    ),
  ],
  ['revoke: list keys', '403', fails('revoke', REVOKE_LATER)],
  ['revoke: list keys', '404', fails('revoke', REVOKE_LATER)],
  ['revoke: list keys', '422', fails('revoke', REVOKE_LATER)],

  ...(['revoke: old family key', 'revoke: console key'] as const).flatMap(
    (point): Array<[PointName, FaultName, Expectation]> => [
      [point, '500 once', ok],
      [point, '500 for good', fails('revoke', /Revoking key \d+ \(.*500.*\) failed\. Every target holds the new key/)],
      [point, '429 once', ok],
      [point, '429 for good', fails('revoke', REVOKE_LATER)],
      [point, 'dropped connection once', ok],
      [point, 'dropped connection for good', fails('revoke', REVOKE_LATER)],
      [point, 'reply lost once', ok],
      [point, 'reply lost for good', fails('revoke', REVOKE_LATER)],
      [point, '401', fails('revoke', REVOKE_LATER)],
      [point, '403', fails('revoke', REVOKE_LATER)],
      [point, '404', { outcome: 'ok', oldKeysStay: true }],
      [point, '422', fails('revoke', REVOKE_LATER)],
    ],
  ),
];

/**
 * The rows that prove something no earlier row proved: a fault, a point, or an outcome of that
 * point's step not yet met (an error's wording; success, or success after a fault that fails
 * elsewhere, as a 401 at verify). The rest repeat a fault and an outcome already proven at
 * another point of the same step.
 */
function representativeRows(rows: typeof ROWS): typeof ROWS {
  const failing = new Set(rows.filter(([, , expected]) => expected.outcome === 'fail').map(([, fault]) => fault));
  const met = new Set<string>();
  return rows.filter(([point, fault, expected]) => {
    const step = point.split(':')[0];
    const outcome =
      expected.outcome === 'ok'
        ? `ok${expected.oldKeysStay ? ', old keys stay' : ''}${failing.has(fault) ? ` after ${fault}` : ''}`
        : `${expected.step}: ${expected.says.source}${expected.newKeyMayStayUnheld ? ', may stay unheld' : ''}`;
    const facts = [`point ${point}`, `fault ${fault}`, `${step} -> ${outcome}`];
    const fresh = facts.some((fact) => !met.has(fact));
    for (const fact of facts) met.add(fact);
    return fresh;
  });
}

const RUN_ROWS = process.env.KEYTURN_FULL_FAULT_MATRIX === '1' ? ROWS : representativeRows(ROWS);

describe.concurrent('fault matrix', () => {
  it('runs every fault, every point and every outcome of the table', () => {
    const covered = (pick: (row: (typeof ROWS)[number]) => string) => new Set(RUN_ROWS.map(pick));
    expect(covered(([, fault]) => fault)).toEqual(new Set(Object.keys(FAULTS)));
    expect(covered(([point]) => point)).toEqual(new Set(Object.keys(POINTS)));
    const says = ([, , expected]: (typeof ROWS)[number]) => (expected.outcome === 'ok' ? 'ok' : expected.says.source);
    expect(covered(says)).toEqual(new Set(ROWS.map(says)));
  });

  // Each row has a world of its own, so rows wait on their retries and timeouts side by side.
  it.for(RUN_ROWS)('%s / %s', async ([pointName, faultName, expected], { onTestFinished }) => {
    const world = await startWorld();
    onTestFinished(() => world.close());
    const point: Point = POINTS[pointName];
    const emulator = point.service === 'platform' ? world.platform : world.github;
    const fault = { ...FAULTS[faultName](point.service), method: point.method, path: point.path(world) } as FaultSpec;
    let armed = false;
    const arm = () => {
      armed = true;
      emulator.faults.add(fault);
    };
    if (!point.armAt) arm();

    const run = await runRotation(world, {
      ...FAULT_OPTIONS[faultName]?.(world),
      onLog: (entry) => {
        if (!armed && point.armAt?.test(entry.message)) arm();
      },
    });

    expect(armed, 'the fault was armed').toBe(true);
    expect(
      emulator.log.entries({ method: point.method }).some((r) => r.path === fault.path && r.fault !== undefined),
      'the fault was hit',
    ).toBe(true);
    const held = TARGETS.map((t) => world.github.secretValue(t, SECRET));
    if (expected.outcome === 'ok') {
      expect(run.error?.message).toBeUndefined();
      expect(run.report!.targets).toEqual(TARGETS);
      expect(held).toEqual(TARGETS.map(() => run.createdValues[0]));
      const oldKeysValid = [world.currentKey, world.consoleKey].map((k) => world.platform.isKeyValid(k.key));
      expect(oldKeysValid.some(Boolean)).toBe(expected.oldKeysStay === true);
    } else {
      expect(run.error, 'the run failed').toBeDefined();
      const error = run.error!;
      expect(error.step).toBe(expected.step);
      expect(error.message).toMatch(expected.says);
      expect(error.advice.length).toBeGreaterThan(10);
      // Until the revoke step, targets keep the key they had; from then on they hold the new one.
      const holds = expected.step === 'revoke' ? run.createdValues[0] : world.currentKey.key;
      expect(held).toEqual(TARGETS.map(() => holds));
      // The report names exactly the targets that hold the new key, plus one it cannot rule out.
      const [newValue] = run.createdValues;
      const holders = TARGETS.filter((_t, i) => newValue !== undefined && held[i] === newValue);
      const unsure = expected.newKeyMayStayUnheld && point.target ? [point.target] : [];
      expect(error.report.targets).toEqual(TARGETS.filter((t) => holders.includes(t) || unsure.includes(t)));
      // The new key stays valid exactly while a target may hold it.
      if (newValue !== undefined) expect(world.platform.isKeyValid(newValue)).toBe(error.report.targets.length > 0);
    }
    checkInvariants(world, run, { newKeyMayStayUnheld: expected.outcome === 'fail' && expected.newKeyMayStayUnheld });
  });
});

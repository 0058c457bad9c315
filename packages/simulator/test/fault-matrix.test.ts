// Every fault kind on every request of a clean rotation, for each kind of key and both GitHub
// credentials: the outcome DESIGN.md promises (expectedOutcome) and the invariants after each run.

import { describe, expect, it } from 'vitest';
import { CODESPACES_MATRIX_TARGETS, faultCases, recordAll, recordCodespaces, recordKeep2, runFaultCase } from '../src/index.js';

/** This file's share of the cases (KEYTURN_SIM_MATRIX_SHARD of KEYTURN_SIM_MATRIX_SHARDS, vitest.config.ts): every SHARDS-th. */
const SHARD = Number(process.env.KEYTURN_SIM_MATRIX_SHARD ?? 0);
const SHARDS = Number(process.env.KEYTURN_SIM_MATRIX_SHARDS ?? 1);

const recorded = await recordAll();
const inShard = (_: unknown, index: number) => index % SHARDS === SHARD;
const cases = faultCases(recorded).filter(inShard);
const codespaces = await recordCodespaces();
const keep2 = await recordKeep2();

describe('the fault matrix, in the simulator', () => {
  it('covers every step of a rotation of each kind of key, with each credential', () => {
    for (const { kind, credential, requests } of recorded) {
      const where = `${kind} key, ${credential}`;
      expect(
        requests.map((r) => r.step),
        where,
      ).toEqual(expect.arrayContaining(['preflight', 'create', 'verify', 'store', 'revoke']));
      expect(
        requests.filter((r) => r.method === 'PUT'),
        where,
      ).toHaveLength(3);
      expect(
        requests.filter((r) => r.service === 'platform' && r.method === 'DELETE'),
        where,
      ).toHaveLength(2);
      const platformPaths = requests.filter((r) => r.service === 'platform').map((r) => r.path);
      // GET /auth asks the platform who the current key and the new key are (every kind).
      expect(
        requests.filter((r) => r.path === '/auth').map((r) => r.step),
        where,
      ).toEqual(['preflight', 'verify']);
      if (kind === 'personal')
        expect(
          platformPaths.every((p) => p.startsWith('/api_keys') || p === '/auth'),
          where,
        ).toBe(true);
      else
        expect(
          platformPaths.filter((p) => p.startsWith('/api_keys')),
          where,
        ).toEqual([]);
      if (credential === 'app') {
        expect(
          requests
            .filter((r) => /\/installation$|\/access_tokens$|^\/installation\/token$/.test(r.path))
            .map((r) => `${r.step}: ${r.method}`),
          where,
        ).toEqual(['preflight: GET', 'preflight: POST', 'revoke: DELETE']);
      }
    }
  });

  it(`takes its share of the cases (shard ${SHARD + 1} of ${SHARDS})`, () => {
    expect(SHARD >= 0 && SHARD < SHARDS && cases.length > 0).toBe(true);
  });

  it.each(cases)('$kind key, $credential, $shape answers, $request.label: $fault.name -> $outcome', async (c) => {
    const result = await runFaultCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });
});

describe('the fault matrix of a rotation into Codespaces secrets, in the simulator', () => {
  it('writes each Codespaces form through its own endpoints: all three with a token, the repository and organization forms with the App', () => {
    const puts = (credential: string) =>
      codespaces
        .find((r) => r.credential === credential)!
        .requests.filter((r) => r.method === 'PUT')
        .map((r) => r.path);
    expect(CODESPACES_MATRIX_TARGETS).toHaveLength(3);
    expect(puts('token')).toEqual([
      '/repos/beta/app/codespaces/secrets/NEON_API_KEY',
      '/orgs/beta/codespaces/secrets/NEON_API_KEY',
      '/user/codespaces/secrets/NEON_API_KEY',
    ]);
    expect(puts('app')).toEqual(['/repos/beta/app/codespaces/secrets/NEON_API_KEY', '/orgs/beta/codespaces/secrets/NEON_API_KEY']);
    for (const { credential, requests } of codespaces) {
      expect(
        requests.map((r) => r.step),
        credential,
      ).toEqual(expect.arrayContaining(['preflight', 'create', 'verify', 'store', 'revoke']));
    }
  });

  it.each(faultCases(codespaces).filter(inShard))('$credential, $shape answers, $request.label: $fault.name -> $outcome', async (c) => {
    const result = await runFaultCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });
});

describe('the fault matrix with keep 2 (the Actions and the GitLab targets), in the simulator', () => {
  it.each(faultCases(keep2).filter(inShard))('$targets, $shape answers, $request.label: $fault.name -> $outcome', async (c) => {
    const result = await runFaultCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });
});

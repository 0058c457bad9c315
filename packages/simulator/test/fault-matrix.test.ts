// Every fault kind on every request of a clean rotation, for each kind of key and both GitHub
// credentials: the outcome DESIGN.md promises (expectedOutcome) and the invariants after each run.

import { describe, expect, it } from 'vitest';
import { faultCases, recordAll, runFaultCase } from '../src/index.js';

/** This file's share of the cases (KEYTURN_SIM_MATRIX_SHARD of KEYTURN_SIM_MATRIX_SHARDS, vitest.config.ts): every SHARDS-th. */
const SHARD = Number(process.env.KEYTURN_SIM_MATRIX_SHARD ?? 0);
const SHARDS = Number(process.env.KEYTURN_SIM_MATRIX_SHARDS ?? 1);

const recorded = await recordAll();
const cases = faultCases(recorded).filter((_, index) => index % SHARDS === SHARD);

describe('the fault matrix, in the simulator', () => {
  it('covers every step of a rotation of each kind of key, with each credential', () => {
    for (const { kind, credential, requests } of recorded) {
      const where = `${kind} key, ${credential}`;
      expect(requests.map((r) => r.step), where).toEqual(expect.arrayContaining(['preflight', 'create', 'verify', 'store', 'revoke']));
      expect(requests.filter((r) => r.method === 'PUT'), where).toHaveLength(3);
      expect(requests.filter((r) => r.service === 'platform' && r.method === 'DELETE'), where).toHaveLength(2);
      const platformPaths = requests.filter((r) => r.service === 'platform').map((r) => r.path);
      if (kind === 'personal') expect(platformPaths.every((p) => p.startsWith('/api_keys')), where).toBe(true);
      else expect(platformPaths.filter((p) => p.startsWith('/api_keys')), where).toEqual([]);
      if (credential === 'app') {
        expect(requests.filter((r) => /\/installation$|\/access_tokens$|^\/installation\/token$/.test(r.path)).map((r) => `${r.step}: ${r.method}`), where).toEqual([
          'preflight: GET',
          'preflight: POST',
          'revoke: DELETE',
        ]);
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

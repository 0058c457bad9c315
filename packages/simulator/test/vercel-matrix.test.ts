// The fault and crash matrices of the Vercel rig: a repository secret and a Vercel production
// variable, the project redeployed and awaited before the old key goes. Every fault kind on every
// request of a clean rotation (a deployment request failing for good keeps the old keys and warns),
// and a run killed at every request (between the write and READY too), then run again: the
// deployment running holds a working key throughout, and the rerun converges.

import { describe, expect, it } from 'vitest';
import { crashCases, faultCases, recordVercel, runCrashCase, runFaultCase, VERCEL_MATRIX_TARGETS } from '../src/index.js';

const recorded = await recordVercel();

describe('the Vercel rig, in the simulator', () => {
  it('covers the write, the redeploy and its wait, before the revocations', () => {
    const [{ requests }] = recorded as [(typeof recorded)[number]];
    const vercel = requests.filter((r) => r.service === 'vercel');
    expect(vercel.map((r) => `${r.step}: ${r.method} ${r.path.replace(/prj_\w+|dpl_\w+/g, 'ID')}`)).toEqual([
      'preflight: GET /v9/projects/app',
      'preflight: GET /v9/projects/ID/env',
      'store: POST /v10/projects/ID/env',
      'store: GET /v6/deployments',
      'store: POST /v13/deployments',
      ...vercel.filter((r) => r.method === 'GET' && r.path.startsWith('/v13/')).map(() => 'store: GET /v13/deployments/ID'),
    ]);
    // The build takes 31 s of virtual time, read every 5 s: the run waited for it.
    expect(vercel.filter((r) => r.path.startsWith('/v13/deployments/')).length).toBeGreaterThan(5);
    const firstRevoke = requests.findIndex((r) => r.service === 'platform' && r.method === 'DELETE');
    expect(firstRevoke).toBeGreaterThan(requests.findLastIndex((r) => r.service === 'vercel'));
    expect(VERCEL_MATRIX_TARGETS).toHaveLength(2);
  });

  it.each(faultCases(recorded))('$shape answers, $request.label: $fault.name -> $outcome', async (c) => {
    const result = await runFaultCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });

  it.each(crashCases(recorded))('$shape answers, $request.label, killed after effect: $afterEffect', async (c) => {
    const result = await runCrashCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });
});

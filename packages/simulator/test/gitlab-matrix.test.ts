// The fault and crash matrices of the GitLab rig: a project's and a group's CI/CD variable as targets,
// the target record in a GitLab project. Every fault kind on every request of a clean rotation (the
// outcome DESIGN.md promises, the invariants after), and a run killed at every request, then run again.

import { describe, expect, it } from 'vitest';
import { crashCases, faultCases, GITLAB_MATRIX_TARGETS, recordGitLab, runCrashCase, runFaultCase } from '../src/index.js';

const recorded = await recordGitLab();

describe('the GitLab rig, in the simulator', () => {
  it('covers every step, a write of each GitLab target and the record in GitLab', () => {
    const [{ requests }] = recorded as [(typeof recorded)[number]];
    expect(requests.map((r) => r.step)).toEqual(expect.arrayContaining(['preflight', 'create', 'verify', 'store', 'revoke']));
    const writes = requests.filter(
      (r) => r.service === 'gitlab' && r.method === 'PUT' && r.step === 'store' && !r.path.includes('acme%2Fops'),
    );
    expect(writes.map((r) => r.path)).toEqual(['/projects/acme%2Fapp/variables/NEON_API_KEY', '/groups/acme/variables/NEON_API_KEY']);
    expect(GITLAB_MATRIX_TARGETS).toHaveLength(2);
    expect(
      requests
        .filter((r) => r.service === 'gitlab' && r.path.startsWith('/projects/acme%2Fops/variables'))
        .map((r) => `${r.step}: ${r.method}`),
    ).toEqual(expect.arrayContaining(['preflight: GET', 'preflight: POST', 'revoke: PUT']));
    expect(requests.some((r) => r.service === 'github')).toBe(false);
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

// A run killed at every request of a clean rotation, before the request took effect and after, for
// each kind of key and both GitHub credentials; the next run, started with what the first target
// holds, must leave every target with one working key and no other key of the family live.

import { describe, expect, it } from 'vitest';
import { crashCases, recordAll, recordCodespaces, recordKeep2, runCrashCase } from '../src/index.js';

const cases = crashCases(await recordAll());
const codespaces = crashCases(await recordCodespaces());
const keep2 = crashCases(await recordKeep2());

describe('a run killed at every request, then run again, in the simulator', () => {
  it.each(cases)('$kind key, $credential, $shape answers, $request.label, killed after effect: $afterEffect', async (c) => {
    const result = await runCrashCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });
});

describe('a rotation into Codespaces secrets killed at every request, then run again, in the simulator', () => {
  it.each(codespaces)('$credential, $shape answers, $request.label, killed after effect: $afterEffect', async (c) => {
    const result = await runCrashCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });
});

describe('keep 2: a run killed at every request, then run again, in the simulator (the Actions and the GitLab targets)', () => {
  it.each(keep2)('$targets, $shape answers, $request.label, killed after effect: $afterEffect', async (c) => {
    const result = await runCrashCase(c);
    expect(result.violations, result.violations.length ? result.trace.join('\n') : '').toEqual([]);
  });
});

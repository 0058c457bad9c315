// `pnpm sim` (dist/cli.js) as a contributor runs it: --help prints the usage and plays nothing,
// `--histories=N` is read as `--histories N` and a mistyped option is refused (never silently
// ignored), --trace prints a passing history's trace, and counts agree with their nouns.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const sim = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

describe('pnpm sim', () => {
  it('--help prints the usage and plays no history', () => {
    const run = sim('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: pnpm sim /);
    expect(run.stdout).toContain('--trace');
    expect(run.stdout).toContain('--coverage');
    expect(run.stdout).not.toMatch(/simulating/);
  });

  it('refuses an unknown or malformed option with the usage, exit 2', () => {
    for (const args of [['--historys', '3'], ['--histories', 'lots'], ['--seed']]) {
      const run = sim(...args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^pnpm sim: .*\n\nusage: pnpm sim /);
      expect(run.stdout).toBe('');
    }
  });

  it('reads --histories=N, prints a passing seed its trace with --trace, and says "1 history"', () => {
    const run = sim('--histories=1', '--seed=101', '--trace');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('simulating up to 1 history from seed 101');
    expect(run.stdout).toMatch(/\npassed seed 101:\n {4}\S/);
    expect(run.stdout).toMatch(/\n1 history from seed 101, 0 failed/);
    // Not "2.1 histories/s": the rate's digits are not a count.
    expect(run.stdout).not.toMatch(/(^|[^.\d])1 histories\b/m);
  });

  it('--coverage prints, after the histories, how many hit each probe and played each target kind, mode, fault and overlap', () => {
    const run = sim('--coverage', '--histories', '2', '--seed', '101');
    expect(run.status, run.stderr).toBe(0);
    const text = run.stdout.slice(run.stdout.indexOf('\ncoverage of 2 histories'));
    for (const section of [
      'code probes of the rotation:',
      'target kinds:',
      'modes:',
      'fault kinds and crashes:',
      'overlapping runs:',
      'notices raised:',
    ]) {
      expect(text).toContain(`\n${section}\n`);
    }
    expect(text).toMatch(/\n {2}write-back-failed +\d+ {2}(required|not yet required)/);
    expect(text).toMatch(/\n {2}gitlab-group +\d+\n/);
  });
});

// pnpm sim --coverage and the required probes: the probes a history hits are counted once per
// history, every probe of the rotation is required or listed as not yet required (with why), the
// shards of a test run pool their counts, and a required probe no history hit is named.

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Coverage, installProbeCollector, probeCatalogue, runHistory } from '../src/index.js';
import { NOT_YET_REQUIRED, REQUIRED_PROBES } from '../src/required-probes.js';
import { mergeShardCoverage } from '../src/shard-coverage.js';
import { MODE_NAMES, OVERLAP_NAMES, TARGET_KIND_NAMES } from '../src/coverage.js';

describe('coverage of the histories', () => {
  it('lists every probe of the rotation once: required, or not yet required with what will reach it', () => {
    const names = Object.keys(probeCatalogue());
    const listed = [...REQUIRED_PROBES, ...Object.keys(NOT_YET_REQUIRED)];
    expect([...listed].sort()).toEqual([...names].sort());
    expect(new Set(listed).size).toBe(listed.length);
    for (const [name, why] of Object.entries(NOT_YET_REQUIRED)) expect(why.length, name).toBeGreaterThan(10);
  });

  it('counts the probes a history hit, once per history, as a collector of its own sees them', async () => {
    for (const seed of [3, 4]) {
      const seen = new Set<string>();
      const uninstall = installProbeCollector((name) => void seen.add(name));
      await runHistory(seed).finally(uninstall);
      const coverage = new Coverage();
      await coverage.play(seed);
      await coverage.play(seed);
      const counted = [...coverage.probes].filter(([, n]) => n > 0);
      expect(counted.map(([name]) => name).sort(), `seed ${seed}`).toEqual([...seen].sort());
      expect(counted.every(([, n]) => n === 2)).toBe(true);
      expect(coverage.histories).toBe(2);
    }
  });

  it('names every required probe no history hit, with what it shows', () => {
    const missed = new Coverage().missedRequired();
    expect(missed.map((m) => m.name)).toEqual([...REQUIRED_PROBES]);
    for (const { name, shows } of missed) expect(shows, name).toBe(probeCatalogue()[name]);
  });

  it('prints every probe, target kind, mode and overlap shape, even at 0', async () => {
    const coverage = new Coverage();
    await coverage.play(5);
    const text = coverage.render();
    expect(text).toMatch(/^coverage of 1 history /);
    const names = [...Object.keys(probeCatalogue()), ...TARGET_KIND_NAMES, ...MODE_NAMES, ...OVERLAP_NAMES];
    for (const name of names) expect(text).toContain(`  ${name} `);
  });

  it('pools the shards of one test run: the shard that completes the set gets the sum, then the folder is gone', () => {
    const run = `coverage-test-${process.pid}-${Date.now()}`;
    const shard = (probe: string) => {
      const c = new Coverage();
      c.add({ facts: { targetKinds: ['repo'], modes: ['normal'], faults: [], overlaps: [], notices: [] } }, [probe]);
      return c;
    };
    expect(mergeShardCoverage(shard('lease-waited'), { run, shard: 0, shards: 2 })).toBeUndefined();
    const all = mergeShardCoverage(shard('write-back-failed'), { run, shard: 1, shards: 2 })!;
    expect(all.histories).toBe(2);
    expect(all.probes.get('lease-waited')).toBe(1);
    expect(all.probes.get('write-back-failed')).toBe(1);
    expect(all.targetKinds.get('repo')).toBe(2);
    expect(existsSync(join(tmpdir(), `keyturn-sim-coverage-${run}`))).toBe(false);
  });
});

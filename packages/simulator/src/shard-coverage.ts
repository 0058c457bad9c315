// The random histories run in shards (one vitest project each, in workers of their own), and the
// required probes are counted over all of them: each shard writes its counts to a folder of the
// test run, then reads the folder; the shard that finds every shard's counts there (the last one
// to write, at least) merges them and checks them. Each write is a rename, so none is read half-written.

import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Coverage, type CoverageCounts } from './coverage.js';

export interface ShardRun {
  /** Names the test run (vitest.config.ts draws one per run): shards of other runs never mix. */
  run: string;
  shard: number;
  shards: number;
}

/** The coverage of every shard once this shard's counts complete the set; undefined while another shard has yet to write. */
export function mergeShardCoverage(mine: Coverage, { run, shard, shards }: ShardRun): Coverage | undefined {
  const dir = join(tmpdir(), `keyturn-sim-coverage-${run.replace(/[^\w-]/g, '_')}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `shard-${shard}.json`);
  writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(mine.counts()));
  renameSync(`${file}.${process.pid}.tmp`, file);
  try {
    const written = readdirSync(dir).filter((name) => /^shard-\d+\.json$/.test(name));
    if (written.length < shards) return undefined;
    const all = new Coverage();
    for (const name of written) all.merge(JSON.parse(readFileSync(join(dir, name), 'utf8')) as CoverageCounts);
    rmSync(dir, { recursive: true, force: true });
    return all;
  } catch (error) {
    // Another shard that ended at the same moment merged the counts and removed the folder: it checks them.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

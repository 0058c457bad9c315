// Runs one rotation against a World and keeps everything a test checks afterwards.

import { type RotateKeyOptions, RotationError, type RotationLogEntry, type RotationReport, rotateKey } from '../src/index.js';
import type { FetchGates } from './gated-fetch.js';
import { oneAtATime } from './quick-lease.js';
import { SECRET, TARGETS, type World } from './world.js';

export interface RotationRun {
  report?: RotationReport;
  error?: RotationError;
  logs: RotationLogEntry[];
  /** Values handed to onKeyCreated. */
  createdValues: string[];
  /** The highest key id before the run: any higher one was made during it. */
  lastIdBefore: number;
  /** How many requests the emulators had answered before the run. */
  requestsBefore: number;
}

export async function runRotation(
  world: World,
  overrides: Partial<RotateKeyOptions> & {
    apiKey?: string;
    onLog?: (entry: RotationLogEntry) => void;
    /** Every request of the run (platform and GitHub) goes through these gates. */
    gates?: FetchGates;
  } = {},
): Promise<RotationRun> {
  const { onLog, gates, ...options } = overrides;
  const apiKey = options.apiKey ?? world.currentKey.key;
  const run: RotationRun = {
    logs: [],
    createdValues: [],
    lastIdBefore: Math.max(0, ...world.platform.listKeys().map((k) => k.id)),
    requestsBefore: world.requests.length,
  };
  try {
    run.report = await rotateKey({
      client: options.client ?? world.client(apiKey, gates?.fetch),
      apiKey,
      github: world.githubOptions({ fetch: gates?.fetch }),
      targets: TARGETS,
      secretName: SECRET,
      revokeKeyIds: [world.consoleKey.id],
      verify: { timeoutMs: 1000, intervalMs: 20 },
      lostCreateCheck: { attempts: 3, intervalMs: 20 },
      // These runs are one at a time, which the test says by opting out of the lease without a record,
      // and with one by a lease that lapses at once (a crashed run's never holds up the next).
      lease: oneAtATime(options.record),
      onKeyCreated: (value) => {
        run.createdValues.push(value);
      },
      log: (entry) => {
        run.logs.push(entry);
        onLog?.(entry);
      },
      ...options,
    });
  } catch (error) {
    if (!(error instanceof RotationError)) throw error;
    run.error = error;
  }
  return run;
}

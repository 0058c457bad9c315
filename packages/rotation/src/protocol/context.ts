// What every step of the protocol shares: the resolved inputs, the report being filled in, the
// clock and the caller's AbortSignal, and the means to log, warn and fail.

import { type RotationFailure, RotationError } from '../errors.js';
import type { RotationLogEntry, RotationLogger, RotationStep } from '../logger.js';
import { observer } from '../observer.js';
import type { ResolvedOptions } from '../options.js';
import type { PartialRotationReport } from '../report.js';
import type { RecordState } from './target-record-step.js';

/** The part of @keyturn/api's Runtime the protocol waits with: every wait goes through it. */
export interface ProtocolClock {
  /** Milliseconds of a wall clock. */
  now(): number;
  /** Resolves after `ms`; rejects as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface RotationContext extends ResolvedOptions {
  /** The family rotated: pinned, or chosen by the preflight (family-choice.ts). */
  family: string;
  /** The target record: read by the preflight, written by the store and revoke steps. */
  records: RecordState;
  /** Ids of the keys the preflight listed: none of them is newer than this run's key. */
  listedBefore: Set<number>;
  report: PartialRotationReport;
  /** Every wait and every duration of the run. */
  clock: ProtocolClock;
  /** The caller's signal: checked between steps and between writes, and ends every wait. */
  signal: AbortSignal | undefined;
  log: (step: RotationStep, message: string) => void;
  /** A line from below the protocol (a GitHub rate-limit wait), logged under the step in progress. */
  note: (message: string) => void;
  warn: (step: RotationStep, message: string) => void;
  /** Throws the RotationError of `failure`, with a copy of the report as it stands. */
  fail: (failure: RotationFailure) => never;
  /** Milliseconds since the run began, by the run's clock. */
  elapsedMs: () => number;
}

export function createContextTools(
  report: PartialRotationReport,
  clock: ProtocolClock,
  logger: RotationLogger | undefined,
): Pick<RotationContext, 'log' | 'note' | 'warn' | 'fail' | 'elapsedMs'> {
  const startedAt = clock.now();
  let current: RotationStep = 'preflight';
  const observe = observer(logger);
  const emit = (entry: RotationLogEntry) => {
    current = entry.step;
    observe(entry);
  };
  const elapsedMs = () => Math.max(0, Math.round(clock.now() - startedAt));
  return {
    log: (step, message) => emit({ step, level: 'info', message }),
    note: (message) => emit({ step: current, level: 'info', message }),
    warn: (step, message) => {
      report.warnings.push(message);
      emit({ step, level: 'warning', message });
    },
    fail: (failure) => {
      report.durationMs = elapsedMs();
      const error = new RotationError({ ...failure, report: structuredClone(report) });
      emit({ step: failure.step, level: 'error', message: error.message });
      throw error;
    },
    elapsedMs,
  };
}

/** True once the caller's signal has fired: the run takes no further step forward. */
export function aborted(ctx: Pick<RotationContext, 'signal'>): boolean {
  return ctx.signal?.aborted === true;
}

/** Waits `ms` on the run's clock; false when the caller's signal ended the wait (or had already fired). */
export async function waitUnlessAborted(ctx: Pick<RotationContext, 'clock' | 'signal'>, ms: number): Promise<boolean> {
  if (aborted(ctx)) return false;
  try {
    await ctx.clock.sleep(ms, ctx.signal);
    return true;
  } catch (error) {
    if (aborted(ctx)) return false;
    throw error;
  }
}

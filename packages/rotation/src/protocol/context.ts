// What every step of the protocol shares: the resolved inputs, the report being filled in, and
// the means to log, warn and fail.

import { RotationError } from '../errors.js';
import type { RotationLogEntry, RotationLogger, RotationStep } from '../logger.js';
import { observer } from '../observer.js';
import type { ResolvedOptions } from '../options.js';
import type { RotationReport } from '../report.js';
import type { RecordState } from './target-record-step.js';

export interface RotationContext extends ResolvedOptions {
  /** The family rotated: pinned, or chosen by the preflight (family-choice.ts). */
  family: string;
  /** The target record: read by the preflight, written by the store and revoke steps. */
  records: RecordState;
  /** Ids of the keys the preflight listed: none of them is newer than this run's key. */
  listedBefore: Set<number>;
  report: RotationReport;
  log: (step: RotationStep, message: string) => void;
  /** A line from below the protocol (a GitHub rate-limit wait), logged under the step in progress. */
  note: (message: string) => void;
  warn: (step: RotationStep, message: string) => void;
  fail: (step: RotationStep, summary: string, advice: string, cause?: unknown) => never;
}

export function createContextTools(
  report: RotationReport,
  startedAt: number,
  logger: RotationLogger | undefined,
): Pick<RotationContext, 'log' | 'note' | 'warn' | 'fail'> {
  let current: RotationStep = 'preflight';
  const observe = observer(logger);
  const emit = (entry: RotationLogEntry) => {
    current = entry.step;
    observe(entry);
  };
  return {
    log: (step, message) => emit({ step, level: 'info', message }),
    note: (message) => emit({ step: current, level: 'info', message }),
    warn: (step, message) => {
      report.warnings.push(message);
      emit({ step, level: 'warning', message });
    },
    fail: (step, summary, advice, cause) => {
      report.durationMs = Math.round(performance.now() - startedAt);
      const error = new RotationError({ step, summary, advice, report: structuredClone(report), cause });
      emit({ step, level: 'error', message: error.message });
      throw error;
    },
  };
}

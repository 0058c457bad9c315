// What every step of the protocol shares: the resolved inputs, the report being filled in, and
// the means to log, warn and fail.

import { RotationError } from '../errors.js';
import type { RotationLogEntry, RotationLogger, RotationStep } from '../logger.js';
import type { RotationPlatformClient } from '../platform.js';
import type { RotationReport } from '../report.js';
import type { SecretTarget } from '../targets/secret-target.js';

export interface RotationContext {
  client: RotationPlatformClient;
  /** The current key's value, to write back if a target cannot take the new one. */
  currentKey: string | undefined;
  targets: SecretTarget[];
  secretName: string;
  family: string;
  keep: number;
  revokeKeyIds: number[];
  dryRun: boolean;
  now: () => Date;
  verify: { timeoutMs: number; intervalMs: number };
  onKeyCreated: ((value: string) => void | Promise<void>) | undefined;
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
  const emit = (entry: RotationLogEntry) => {
    current = entry.step;
    logger?.(entry);
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

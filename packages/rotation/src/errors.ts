// The one error rotateKey throws: which step failed, what happened, what to do, and the partial
// report (which targets hold which key). It never holds a key value.

import type { RotationStep } from './logger.js';
import type { RotationReport } from './report.js';

/** The one error rotateKey throws once it has started: the step, what happened, what to do, and the partial report. */
export class RotationError extends Error {
  override name = 'RotationError';
  readonly step: RotationStep;
  /** What happened, without the advice. */
  readonly summary: string;
  /** What to do about it. */
  readonly advice: string;
  /** What the run did before it failed. */
  readonly report: RotationReport;

  constructor(init: { step: RotationStep; summary: string; advice: string; report: RotationReport; cause?: unknown }) {
    super(`${sentence(init.summary)} ${sentence(init.advice)}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.step = init.step;
    this.summary = init.summary;
    this.advice = init.advice;
    this.report = init.report;
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, step: this.step, message: this.message, advice: this.advice, report: this.report };
  }
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

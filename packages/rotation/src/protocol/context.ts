// What every step of the protocol shares: the resolved inputs (with the runtime every wait goes
// through and the caller's AbortSignal), the report being filled in, and the means to log, warn and
// fail.

import type { Runtime } from '@keyturn/api/toolkit';
import { type RotationFailure, RotationError } from '../errors.js';
import { observer, type RotationLogEntry, type RotationLogger, type RotationStep } from '../log.js';
import type { LeakedKey, ResolvedOptions } from '../options.js';
import type { FailedWrite } from './store/outcome.js';
import type { RotationPlatformClient } from '../platform.js';
import type { PartialRotationReport } from '../report.js';
import type { RecordPlan } from '../record/record-plan.js';
import type { LoadedRecords } from '../record/target-record.js';
import type { LeakPlan } from '../emergency/leak-preflight.js';
import type { AuthWord } from './auth-details.js';
import type { HeldLease } from '../lease/held-lease.js';
import type { Notice } from '../notices/notice.js';
import type { AwaitedDeployment } from '../record/target-record.js';
import { renderNotice } from '../notices/render.js';
import type { Recovery } from '../stuck/stuck-mark.js';

export interface RotationContext extends ResolvedOptions {
  /** The family rotated: pinned, or chosen by the preflight (family-choice.ts). */
  family: string;
  /** The target record's plan: made by the preflight, its record written before create, store and revoke. */
  record: RecordPlan;
  /** Ids of the keys the preflight listed: none of them is newer than this run's key. */
  listedBefore: Set<number>;
  /** The current key's GET /auth (protocol/auth-details.ts), read by the preflight: the new key must match it. */
  currentAuth?: AuthWord;
  /** The records as readRecord loaded them (JSON): read again under the lease, a difference means another run wrote. */
  recordsRead?: string;
  /** The records the clock check (clock-check.ts) read, for readRecord to use instead of reading them again. */
  preloadedRecords?: LoadedRecords;
  /** Why the stuck check's read of the records failed (stuck/stuck-check.ts): readRecord fails with it, reading nothing again. */
  preloadFailure?: { error: unknown };
  /** Whether a GitHub App's installation tokens are minted (app-tokens.ts): once a run. */
  appTokensMinted?: boolean;
  /** The family's lease, once the preflight took it (protocol/lease-points.ts); released at the end. */
  heldLease?: HeldLease;
  /** An emergency rotation's leaked key, once the preflight found it in the record. */
  leak?: LeakPlan;
  /** More leaked keys of the family this emergency rotation revokes (answering alerts: one rotation for them all). */
  alsoLeaked: LeakedKey[];
  /** A dry run asked only for the family (answering alerts): a target it cannot reach does not stop it. */
  familyOnly: boolean;
  /** Targets the preflight could not reach that an emergency rotation goes on without (left out like a failed write). */
  unreachable: FailedWrite[];
  /** Ids of keys whose value the run authenticates with and keeps using (the managing key): never revoked. */
  authenticatingIds: Set<number>;
  /** Whether the preflight took over a lease its holder never released (crashed, cancelled): stuck/ counts them. */
  tookOverLapsed?: boolean;
  /** The family's acknowledgement whose issue is still open (stuck/): the run closes it once it succeeds. */
  recovered?: Recovery & { family: string };
  /** The family's record the preflight could not read (stuck/: the issue names it). */
  unreadableRecord?: { family: string; variable: string; detail: string };
  /** Targets no deployment reads the new key from yet (protocol/deployments.ts), by identity: their keys stay valid. */
  awaitingDeploy: Map<string, AwaitedDeployment>;
  report: PartialRotationReport;
  /**
   * The current key's client whose requests the caller's signal aborts: for the requests that move
   * the run forward. `client` (unbound) makes the cleanup requests, which an abort must not stop
   * half-way: revoking the run's own key, looking for an orphan, writing the previous key back.
   */
  forward: RotationPlatformClient;
  log: (step: RotationStep, message: string) => void;
  /** A line from below the protocol (a GitHub rate-limit wait), logged under the step in progress. */
  note: (message: string) => void;
  /** Tells the person running it something (report.notices), worded once (notices/render.ts) for the log and report.warnings. */
  notice: (step: RotationStep, notice: Notice) => void;
  /** The step the last line was logged under. */
  currentStep: () => RotationStep;
  /** Throws the RotationError of `failure`, with a copy of the report as it stands. */
  fail: (failure: RotationFailure) => never;
  /** Milliseconds since the run began, by the run's clock. */
  elapsedMs: () => number;
}

export function createContextTools(
  report: PartialRotationReport,
  runtime: Runtime,
  signal: AbortSignal | undefined,
  logger: RotationLogger | undefined,
): Pick<RotationContext, 'log' | 'note' | 'notice' | 'currentStep' | 'fail' | 'elapsedMs'> {
  const startedAt = runtime.now();
  let current: RotationStep = 'preflight';
  const observe = observer(logger);
  const emit = (entry: RotationLogEntry) => {
    current = entry.step;
    observe(entry);
  };
  const elapsedMs = () => Math.max(0, Math.round(runtime.now() - startedAt));
  return {
    log: (step, message) => emit({ step, level: 'info', message }),
    note: (message) => emit({ step: current, level: 'info', message }),
    notice: (step, notice) => {
      const message = renderNotice(notice);
      report.notices.push(notice);
      report.warnings.push(message);
      emit({ step, level: 'warning', message });
    },
    fail: (failure) => {
      report.durationMs = elapsedMs();
      // Whatever failed once the caller aborted, the run ended because it did.
      const code = signal?.aborted ? 'aborted' : failure.code;
      const error = new RotationError({ ...failure, code, report: structuredClone(report) });
      emit({ step: failure.step, level: 'error', message: error.message });
      throw error;
    },
    currentStep: () => current,
    elapsedMs,
  };
}

/** `client` with its requests aborted by `signal` (itself when there is none). */
export function forwardClient(client: RotationPlatformClient, signal: AbortSignal | undefined): RotationPlatformClient {
  return signal ? client.withOptions({ signal }) : client;
}

/** True once the caller's signal has fired: the run takes no further step forward. */
export function aborted(ctx: Pick<RotationContext, 'signal'>): boolean {
  return ctx.signal?.aborted === true;
}

/** Waits `ms` on the run's clock; false when the caller's signal ended the wait (or had already fired). */
export async function waitUnlessAborted(ctx: Pick<RotationContext, 'runtime' | 'signal'>, ms: number): Promise<boolean> {
  if (aborted(ctx)) return false;
  try {
    await ctx.runtime.sleep(ms, ctx.signal);
    return true;
  } catch (error) {
    if (aborted(ctx)) return false;
    throw error;
  }
}

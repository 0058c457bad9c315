// System operations of every project (spec 2.3, 4.3): kept oldest first per project, listed newest
// first with `created_at` as the cursor. Lookups are binary searches, so pages stay cheap however
// many operations a project holds.

import { randomUUID } from 'node:crypto';
import { failuresAfter, isPending, type OperationPlan, type OperationRecord, operationAt } from './operation-schedule.js';
import { COUNTED_FAILURE_STATUSES, type OperationStatusExtra, type PlatformOperation } from './types.js';

/** What an operation does, and on which branch and compute. */
export interface OperationTarget {
  action: string;
  branchId: string;
  endpointId?: string;
}

/** An operation to start, with its branch and compute already resolved. */
export interface OperationStart extends OperationTarget {
  plan: OperationPlan;
  /** Failures it has had already (a retrying operation); 0 by default. */
  failures?: number;
}

/** The shape of seeded history: one status for all of them (final ones get a duration). */
export interface OperationSeed extends OperationTarget {
  status: string;
}

export interface OperationPage {
  operations: PlatformOperation[];
  /** created_at (microseconds) of the last item, or the position asked for when the page is empty. */
  cursorMicros: number;
}

/** Seeded history is spaced this far apart, each taking SEED_DURATION_MS. */
const SEED_SPACING_MS = 10_000;
const SEED_DURATION_MS = 1_500;
/** Seeded operations have a manual status, so their plan never applies. */
const SEEDED_PLAN: OperationPlan = { schedulingMs: 0, runningMs: 0, final: 'finished' };

export class OperationStore {
  #byProject = new Map<string, OperationRecord[]>();
  #byId = new Map<string, OperationRecord>();

  constructor(private readonly clock: () => number) {}

  start(projectId: string, starts: OperationStart[]): PlatformOperation[] {
    const records = this.#records(projectId);
    const now = this.clock();
    return starts.map((start) => {
      const newest = records.at(-1)?.createdMicros ?? Number.NEGATIVE_INFINITY;
      const record = newRecord(projectId, start, Math.max(now * 1000, newest + 1), now, start.plan, start.failures);
      records.push(record);
      this.#byId.set(record.id, record);
      return operationAt(record, now);
    });
  }

  /** Adds `count` finished (or `seed.status`) operations, all older than any the project has. */
  seed(projectId: string, count: number, seed: OperationSeed): void {
    const records = this.#records(projectId);
    const oldest = records[0]?.createdMicros ?? this.clock() * 1000;
    const seeded: OperationRecord[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const createdMicros = oldest - (count - i) * SEED_SPACING_MS * 1000;
      const startedMs = Math.floor(createdMicros / 1000);
      const failures = COUNTED_FAILURE_STATUSES.has(seed.status) ? 1 : 0;
      const record = newRecord(projectId, seed, createdMicros, startedMs, SEEDED_PLAN, failures);
      record.manual = { status: seed.status, atMs: startedMs + SEED_DURATION_MS };
      seeded[i] = record;
      this.#byId.set(record.id, record);
    }
    this.#byProject.set(projectId, seeded.concat(records));
  }

  get(projectId: string, operationId: string): PlatformOperation | undefined {
    const record = this.#record(projectId, operationId);
    return record && operationAt(record, this.clock());
  }

  /**
   * Sets a status by hand; the schedule no longer applies to this operation. `retry_at` belongs to
   * the status it is given with: a later change without it clears it.
   */
  setStatus(projectId: string, operationId: string, status: string, extra: OperationStatusExtra = {}): PlatformOperation | undefined {
    const record = this.#record(projectId, operationId);
    if (!record) return undefined;
    const now = this.clock();
    record.failures = failuresAfter(record, now, status, extra.failures);
    record.manual = {
      status,
      atMs: now,
      ...(extra.error !== undefined && { error: extra.error }),
      ...(extra.retryAt !== undefined && { retryAt: extra.retryAt }),
    };
    return operationAt(record, now);
  }

  /** Up to `limit` operations created strictly before `cursorMicros` (or the newest), newest first. */
  page(projectId: string, limit: number, cursorMicros?: number): OperationPage {
    const records = this.#byProject.get(projectId) ?? [];
    const now = this.clock();
    const end = cursorMicros === undefined ? records.length : firstAtOrAfter(records, cursorMicros);
    const operations: PlatformOperation[] = [];
    let cursor = cursorMicros ?? now * 1000;
    for (let i = end - 1; i >= 0 && operations.length < limit; i--) {
      const record = records[i]!;
      operations.push(operationAt(record, now));
      cursor = record.createdMicros;
    }
    return { operations, cursorMicros: cursor };
  }

  hasPending(projectId: string): boolean {
    const now = this.clock();
    return (this.#byProject.get(projectId) ?? []).some((r) => isPending(r, now));
  }

  count(projectId: string): number {
    return this.#byProject.get(projectId)?.length ?? 0;
  }

  #records(projectId: string): OperationRecord[] {
    let records = this.#byProject.get(projectId);
    if (!records) {
      records = [];
      this.#byProject.set(projectId, records);
    }
    return records;
  }

  #record(projectId: string, operationId: string): OperationRecord | undefined {
    const record = this.#byId.get(operationId);
    return record?.projectId === projectId ? record : undefined;
  }
}

function newRecord(
  projectId: string,
  target: OperationTarget,
  createdMicros: number,
  startedMs: number,
  plan: OperationPlan,
  failures = 0,
): OperationRecord {
  return {
    id: randomUUID(),
    projectId,
    branchId: target.branchId,
    ...(target.endpointId !== undefined && { endpointId: target.endpointId }),
    action: target.action,
    createdMicros,
    startedMs,
    plan,
    failures,
  };
}

/** Index of the first record created at or after `micros` (records are sorted oldest first). */
function firstAtOrAfter(records: OperationRecord[], micros: number): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (records[mid]!.createdMicros < micros) low = mid + 1;
    else high = mid;
  }
  return low;
}

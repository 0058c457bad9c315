// The target record of a key family: which targets its keys were written to, and which keys each
// may hold. The protocol keeps it so that a target dropped from the list is never locked out: a
// key that a dropped target may hold is never revoked. It is written BEFORE the secrets (every
// target about to be written may hold the new key as well), so a crash leaves it naming more keys
// than the targets hold, never fewer; after every target holds the new key it is narrowed.

/** One target of a record: its spec and the keys it may hold. */
export interface TargetEntry {
  /** The target as a spec, for messages (`env:acme/app:qa`). */
  spec: string;
  /** Keys the target may hold, newest first. */
  keyIds: number[];
}

/** The record of one key family: which targets may hold which of its keys. */
export interface TargetRecord {
  family: string;
  secretName: string;
  /** By target identity (`targetIdentity`). */
  targets: Record<string, TargetEntry>;
  /** Keys the targets held after each rotation, newest first: `keep` slots go to them in this order. */
  held: number[];
}

/** Where records live (GitHub: repository variables, one per family). */
export interface RecordStore {
  /** Every record kept there, of every family. */
  load(): Promise<TargetRecord[]>;
  save(record: TargetRecord): Promise<void>;
  /** `variables of acme/ops`, for messages. */
  describe(): string;
}

/** How many earlier keys the record remembers for `keep` (the Action's `keep` is at most 100). */
const HELD_HISTORY = 100;

export function emptyRecord(family: string, secretName: string): TargetRecord {
  return { family, secretName, targets: {}, held: [] };
}

/** Before the first write: every target to be written may hold `keyId` besides what it held. */
export function beforeWriting(record: TargetRecord, targets: ReadonlyArray<{ identity: string; spec: string }>, keyId: number): TargetRecord {
  const next = structuredClone(record);
  for (const { identity, spec } of targets) {
    const keyIds = next.targets[identity]?.keyIds ?? [];
    next.targets[identity] = { spec, keyIds: [keyId, ...keyIds.filter((id) => id !== keyId)] };
  }
  return next;
}

/**
 * After every target of the list holds `keyId`: they hold it alone (but any key newer than it, a
 * concurrent rotation's, stays named); retired targets are forgotten; `previous` (what the targets
 * held before, as far as the run knows) goes into the history for `keep`.
 */
export function afterWriting(
  record: TargetRecord,
  written: readonly string[],
  keyId: number,
  retired: readonly string[],
  previous: readonly number[],
): TargetRecord {
  const next = structuredClone(record);
  for (const identity of written) {
    const entry = next.targets[identity];
    if (entry) entry.keyIds = [keyId, ...entry.keyIds.filter((id) => id > keyId)];
  }
  for (const identity of retired) delete next.targets[identity];
  const history = [keyId, ...previous, ...next.held];
  next.held = [...new Set(history)].slice(0, HELD_HISTORY);
  return next;
}

/** Reads a stored record; undefined for anything that is not one (another tool's variable). */
export function parseRecord(text: string): TargetRecord | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = data as { keyturn?: unknown; family?: unknown; secret?: unknown; targets?: unknown; held?: unknown };
  if (record?.keyturn !== 1 || typeof record.family !== 'string' || typeof record.secret !== 'string') return undefined;
  const targets: Record<string, TargetEntry> = {};
  for (const [identity, entry] of Object.entries((record.targets ?? {}) as Record<string, { spec?: unknown; keys?: unknown }>)) {
    const keyIds = Array.isArray(entry?.keys) ? entry.keys.filter((id): id is number => Number.isSafeInteger(id)) : [];
    targets[identity] = { spec: typeof entry?.spec === 'string' ? entry.spec : identity, keyIds };
  }
  const held = Array.isArray(record.held) ? record.held.filter((id): id is number => Number.isSafeInteger(id)) : [];
  return { family: record.family, secretName: record.secret, targets, held };
}

export function formatRecord(record: TargetRecord): string {
  const targets = Object.fromEntries(Object.entries(record.targets).map(([id, e]) => [id, { spec: e.spec, keys: e.keyIds }]));
  return JSON.stringify({ keyturn: 1, family: record.family, secret: record.secretName, targets, held: record.held });
}

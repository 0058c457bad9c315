// What a rotation did (or, in a dry run, would do). Holds ids, names and target specs: never a key value.

/** What a dry run would do. */
export interface RotationPlan {
  /** The key the run would create. */
  keyName: string;
  /** The targets it would write, as specs. */
  targets: string[];
  /** The key ids it would revoke once every target holds the new key. */
  revokeKeyIds: number[];
}

/** What a rotation did (or, in a dry run, would do). Never holds a key value. */
export interface RotationReport {
  dryRun: boolean;
  /** The new key, once created. */
  keyId?: number;
  keyName?: string;
  family: string;
  secretName: string;
  /** Targets that hold the new key, as specs. */
  targets: string[];
  /** Keys revoked by this run (or found already revoked). */
  revokedKeyIds: number[];
  warnings: string[];
  plan?: RotationPlan;
  /** Targets that were given the previous key back after a failed write. */
  restoredTargets?: string[];
  /** Targets the record names that are no longer listed: their keys stay valid (see the warnings). */
  droppedTargets?: string[];
  /** True when the run revoked the key it created (a rollback or a back-off). */
  newKeyRevoked?: boolean;
  durationMs: number;
}

export function emptyReport(fields: { dryRun: boolean; family: string; secretName: string }): RotationReport {
  return { ...fields, targets: [], revokedKeyIds: [], warnings: [], durationMs: 0 };
}

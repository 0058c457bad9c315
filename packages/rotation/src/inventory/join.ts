// The copies joined with the target records. A copy is managed when a record names its place as a
// target of a family whose secret has its name: that family's rotations rewrite it and revoke the
// key it held. A copy no record names is unmanaged: a key nobody will rotate or revoke. A managed
// copy changed after its record's last write was written by hand since (a rotation writes its record
// after every secret): it may hold a key the record does not know. GitLab keeps no time for a
// variable, nor a GitLab record store for a record: there, whether it was edited is unknown (null).

import { recordWrittenAt } from '../record/written-at.js';
import type { TargetRecord } from '../record/target-record.js';
import type { SecretCopy } from './secret-copy.js';

/** A copy and what the records say of it. */
export interface InventoriedCopy extends SecretCopy {
  /** The families whose records name this place for this secret name (none: unmanaged). */
  families: string[];
  /** The last write of those records, as their store says; null when none says. */
  recordWrittenAt: string | null;
  /** Changed after that write: true or false; null when unmanaged or when either time is unknown. */
  editedSince: boolean | null;
}

/**
 * Each copy with the families whose records name it, their last write, and whether it changed since.
 * @example const unmanaged = joinCopiesWithRecords(copies, records).filter((c) => c.families.length === 0);
 */
export function joinCopiesWithRecords(
  copies: readonly SecretCopy[],
  records: readonly TargetRecord[],
  writtenAt: (record: TargetRecord) => string | undefined = recordWrittenAt,
): InventoriedCopy[] {
  return copies.map((copy) => {
    const naming = records.filter((r) => r.secretName.toLowerCase() === copy.name.toLowerCase() && copy.identity in r.targets);
    const times = naming.map(writtenAt).filter((t): t is string => t !== undefined && !Number.isNaN(Date.parse(t)));
    const latest = times.length ? times.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)) : null;
    // Every naming record must have a time: one without could have been written after the copy.
    const known =
      naming.length > 0 &&
      times.length === naming.length &&
      latest !== null &&
      copy.updatedAt !== null &&
      !Number.isNaN(Date.parse(copy.updatedAt));
    return {
      ...copy,
      families: [...new Set(naming.map((r) => r.family))].sort(),
      recordWrittenAt: latest,
      editedSince: known ? Date.parse(copy.updatedAt!) > Date.parse(latest!) : null,
    };
  });
}

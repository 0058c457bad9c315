// Which family a run rotates, without changing it when the targets are reordered or edited: the
// family given (pinned); else the family whose record names any of these targets (the record
// follows the targets through every edit); else, for keys made before records existed, the family
// an earlier build derived from one of the targets (then the first target) that has keys; else a
// new family derived from the first target in sorted order. Only records of the run's kind of key
// (or of format 1, which had none) count: a record of another kind is another family's.

import { KeyturnError } from '@keyturn/api';
import { deriveFamily } from '../family.js';
import { mutant } from '../internal/mutants.js';
import { option } from '../option-names.js';
import type { PlatformKey } from '../platform.js';
import type { TargetRecord } from '../record/target-record.js';
import { identityOf, type SecretTarget } from '../targets/secret-target.js';
import { familyMembers } from './revocation-plan.js';

export interface FamilyChoice {
  family: string;
  /** The family's record, when there is one. */
  record: TargetRecord | undefined;
  /** How it was chosen, for the log. */
  why: string;
  /** Derived from the targets (no record named them, none was given): an unreadable record may be theirs. */
  derived: boolean;
}

/** Throws an Error naming the families when the targets belong to more than one record. */
export function chooseFamily(
  run: { pinnedFamily: string | undefined; targets: readonly SecretTarget[]; secretName: string },
  allRecords: readonly TargetRecord[],
  keys: readonly PlatformKey[],
  /** The run's kind of key (record/target-record.ts, `keyKind`). */
  keyKind: string,
): FamilyChoice {
  const { pinnedFamily: pinned, targets, secretName } = run;
  const records = allRecords.filter((r) => r.keyKind === undefined || r.keyKind === keyKind);
  if (pinned !== undefined) {
    return { family: pinned, record: records.find((r) => r.family === pinned), why: `given as ${option('family')}`, derived: false };
  }
  if (mutant('family-from-first-target'))
    return { family: deriveFamily(targets[0]!, secretName), record: undefined, why: 'mutant', derived: true };
  const identities = targets.map(identityOf);
  const secret = secretName.toUpperCase();
  const naming = records.filter((r) => r.secretName.toUpperCase() === secret && identities.some((id) => id in r.targets));
  if (naming.length > 1) {
    const which = naming
      .map(
        (r) =>
          `${r.family} (${Object.values(r.targets)
            .map((e) => e.spec)
            .join(', ')})`,
      )
      .join('; ');
    throw new SeveralFamiliesError(
      `the targets belong to ${naming.length} key families, each with its own record: ${which}. Rotate each family on its own, ` +
        `or give ${option('family')} to choose one`,
      naming.map((r) => r.family),
    );
  }
  if (naming[0]) return { family: naming[0].family, record: naming[0], why: 'named by the record of these targets', derived: false };

  // Keys of an earlier build, whose family came from the first target: whichever target that was.
  const derived = [...new Set(targets.map((t) => deriveFamily(t, secretName)))];
  const withKeys = derived
    .map((family) => ({ family, newest: familyMembers(keys, family)[0] }))
    .filter((c): c is { family: string; newest: PlatformKey } => c.newest !== undefined)
    .sort((a, b) => Date.parse(b.newest.created_at) - Date.parse(a.newest.created_at) || b.newest.id - a.newest.id);
  if (withKeys[0]) {
    const family = withKeys[0].family;
    return {
      family,
      record: records.find((r) => r.family === family),
      why: 'the family of the keys made for one of these targets',
      derived: true,
    };
  }
  const first = [...targets].sort((a, b) => (identityOf(a) < identityOf(b) ? -1 : identityOf(a) > identityOf(b) ? 1 : 0))[0]!;
  const family = deriveFamily(first, secretName);
  return {
    family,
    record: records.find((r) => r.family === family),
    why: 'new, derived from the first target in sorted order',
    derived: true,
  };
}

/** The targets are named by the records of several families: the caller offers them as a choice. */
export class SeveralFamiliesError extends KeyturnError {
  override name = 'SeveralFamiliesError';
  constructor(
    message: string,
    readonly families: string[],
  ) {
    super(message);
  }
}

// A mutant found on the persist matrix's rows (persist-matrix.ts) rather than in random histories:
// a defect of a rollback's failed write-back needs a fault that holds over the write-back too, which
// the persist rows arm on purpose and a history meets rarely (one refused write, then another fault).

import { type PersistCase, persistCases, recordPersistRigs, runPersistCase } from './persist-matrix.js';

/** The first row that fails with `mutant` on and passes without it, and how many rows were played to reach it. */
export interface PersistFound {
  row: PersistCase;
  /** Rows played with the mutant on, the found one included. */
  played: number;
  violations: string[];
}

/**
 * Plays, in the matrix's order from its first, the rows whose fault persists over the secret writes
 * (PUT: GitHub's secrets, GitLab's variables): a write-back is such a write, so these are the rows where
 * the fault that refused a later target's write meets the write-back too. Each with the mutant on, until
 * one breaks a guarantee and passes without it (as the matrix's own test asserts of every row).
 */
export async function findOnPersistRows(mutant: string): Promise<PersistFound | undefined> {
  const rows = persistCases(await recordPersistRigs()).filter((c) => c.pattern.method === 'PUT');
  for (const [index, row] of rows.entries()) {
    const { violations } = await runPersistCase(row, [mutant]);
    if (!violations.length) continue;
    if ((await runPersistCase(row)).violations.length) continue;
    return { row, played: index + 1, violations };
  }
  return undefined;
}

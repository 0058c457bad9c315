// What a person or a tool does to the target record between runs (issue 19): one edit function
// over the stored variable text each, with what the README says the next run does about it:
// refuses an unreadable record (then `rebuild-record`), refuses a newer format (then an upgrade,
// played by restoring the text a newer release would read), or takes a deleted record for absent.

import type { Rng } from './prng.js';
import type { RecordPlace } from './record-place.js';
import type { Simulation } from './simulation.js';

export type RecordEditOutcome = 'refused' | 'newer' | 'absent';

interface RecordEditKind {
  name: string;
  expect: RecordEditOutcome;
  /** The variable's new text; undefined deletes it. */
  edit(text: string): string | undefined;
}

export const RECORD_EDITS: readonly RecordEditKind[] = [
  // Valid JSON, wrong content: a person "tidied" the target list.
  {
    name: 'hand-edited',
    expect: 'refused',
    edit: (text) => JSON.stringify({ ...(JSON.parse(text) as object), targets: 'acme/app, acme/web' }),
  },
  { name: 'truncated', expect: 'refused', edit: (text) => text.slice(0, Math.floor(text.length / 2)) },
  // Far past any format this release writes (rotation by the clock writes 3), as a release years ahead would.
  { name: 'newer format', expect: 'newer', edit: (text) => JSON.stringify({ ...(JSON.parse(text) as object), keyturn: 99 }) },
  { name: 'deleted', expect: 'absent', edit: () => undefined },
];

function parsed(text: string): { kind?: string; secret?: string; parts?: unknown } {
  try {
    return JSON.parse(text) as { kind?: string; secret?: string; parts?: unknown };
  } catch {
    return {};
  }
}

export interface RecordEdit {
  name: string;
  expect: RecordEditOutcome;
  /** The family of the record edited (its `family` field). */
  family?: string;
  /** The variable edited. */
  variable: string;
  /** Puts the variable back as it was. */
  undo(sim: Simulation): Promise<void>;
}

/**
 * Applies `kind` to one record variable at `place` (the home repository's or GitLab project's) that
 * `ours` says is the rotated family's (by its `kind` and `secret`: another family's unreadable record
 * does not stop this one, by design); the seed picks which; undefined when there is none yet.
 */
export async function editRecord(
  sim: Simulation,
  rng: Rng,
  kind: RecordEditKind,
  place: RecordPlace,
  ours: (record: { kind?: string; secret?: string }) => boolean,
): Promise<RecordEdit | undefined> {
  const variables = await place.list(sim);
  // A record in parts is edited by record-parts.ts (a head edited alone still reads from its parts).
  const records = variables.filter(
    (v) => v.name.startsWith('KEYTURN_RECORD_') && !v.name.includes('_PART_') && !('parts' in parsed(v.value)) && ours(parsed(v.value)),
  );
  if (!records.length) return undefined;
  const { name, value } = rng.pick(records);
  const next = kind.edit(value);
  const done = next === undefined ? await place.remove(sim, name) : await place.update(sim, name, next);
  if (!done) throw new Error(`record edit ${kind.name} of ${name} in the ${place.keeper} record was refused`);
  sim.note(`user: record ${name} ${kind.name}`);
  const { family } = parsed(value) as { family?: string };
  return {
    name: kind.name,
    expect: kind.expect,
    ...(family && { family }),
    variable: name,
    async undo(s) {
      const put = next === undefined ? await place.create(s, name, value) : await place.update(s, name, value);
      if (!put) throw new Error(`restoring ${name} in the ${place.keeper} record was refused`);
    },
  };
}

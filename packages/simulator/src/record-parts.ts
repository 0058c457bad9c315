// A record in parts, read back damaged (issue 36, item 2): some histories give the family's record a
// thousand targets it served earlier (since dropped, holding no key: warned about by every run), so
// it spreads over several variables (packages/rotation/src/record/parts.ts); later the
// user edits, deletes or stales one part, or edits the whole record consistently (a tool rewriting
// every part and the hash). A head whose parts do not fit together must be refused as unreadable,
// never taken for no record at all: history.ts checks the run after an edit (afterRecordEdit).

import { listVariables, putVariable } from './home-variables.js';
import { createRng, type Rng } from './prng.js';
import { RECORD_EDITS, type RecordEdit, type RecordEditOutcome } from './record-edits.js';
import { halfRenamed, targetsToRetire } from './advice.js';
import type { RunResult, Simulation } from './simulation.js';
import { joinStoredRecord, type StoredRecord, splitStoredRecord, splitStoredText } from './stored-record.js';
import { HOME } from './world.js';

/** The seed of the stream the parts' choices draw from: a history that spreads none draws nothing else differently. */
const PARTS_STREAM = 0x7061_7274;
/** GitHub's part size (packages/rotation/src/record/parts.ts, PART_BYTES). */
const PART_BYTES = 48_000;
/** Dropped targets planted: 1,000 names of this length take two parts. */
const PLANTED = 1000;
/** A history's chance to spread its record (drawn each round until it does), and a round's to damage it once spread. */
const SPREAD_CHANCE = 0.06;
const EDIT_CHANCE = 0.4;
const RECORD_PREFIX = 'KEYTURN_RECORD_';
/** The planted targets' names begin so: environments of acme/app that no longer exist (an App installed on acme reaches the repository). */
const PLANTED_PREFIX = 'env:acme/app:retired-service-';

/** Edits of one part, each refused by the next run (the head's hash no longer matches, or a part is missing). */
const PART_EDITS = ['part edited', 'part deleted', 'part stale'] as const;

/** Whose record it is: the rotated family's, by its secret and kind (record-edits.ts). */
export type Ours = (record: { kind?: string; secret?: string }) => boolean;

export class RecordParts {
  readonly #pick: Rng;
  /** The text of each spread record as last seen, for a stale part. */
  readonly #seen = new Map<string, string>();
  #spread = false;

  constructor(
    private readonly sim: Simulation,
    private readonly on: boolean,
  ) {
    this.#pick = createRng(sim.seed ^ PARTS_STREAM);
  }

  /**
   * Now and then, once (`landed`: waited for first, as the answers a run abandoned would undo it): the family's record given a thousand
   * dropped targets, written in parts.
   */
  async maybeSpread(ours: Ours, landed: () => Promise<void>): Promise<void> {
    if (!this.on || this.#spread || !this.#pick.chance(SPREAD_CHANCE)) return;
    await landed();
    const found = await this.#ourRecord(ours);
    if (!found || found.parts.length) return;
    const { head, record } = found;
    // A record of format 1 (targets by identity, as an older release wrote it) is not spread: its next write is format 2.
    if (!Array.isArray(record.targets)) return;
    const names = Array.from({ length: PLANTED }, (_, i) => `${PLANTED_PREFIX}${String(i).padStart(4, '0')}-of-the-old-platform`);
    record.targets.push([[], names]);
    const written = splitStoredRecord(record, head, 'A', PART_BYTES);
    for (const { name, value } of written) await putVariable(this.sim, HOME, name, value);
    this.#seen.set(head, JSON.stringify(record));
    this.#spread = true;
    this.sim.note(`user: the record ${head} names ${PLANTED} targets it served earlier: ${written.length - 1} parts`);
  }

  /**
   * README, "Drop a target": a run names a dropped target that may hold a key (a run killed after
   * its create, while the record named the planted targets, leaves its key possibly held by every
   * target named); the user retires it, as the notice says (its repository is gone). True when any was added.
   */
  retireAsAdvised(run: RunResult, retiring: Set<string>): boolean {
    const notices = (run.report ?? run.error?.report)?.notices ?? [];
    // So too where a renamed secret may remain (its old name to delete there: these environments are gone), seed 12272973.
    const advised = [...targetsToRetire(notices), ...halfRenamed(notices).flatMap((rename) => rename.targets)];
    const named = [...new Set(advised)].filter((t) => t.startsWith(PLANTED_PREFIX) && !retiring.has(t));
    for (const target of named) retiring.add(target);
    if (named.length) this.sim.note(`user: retires ${named.length} of the targets the record served earlier, as the warnings advise`);
    return named.length > 0;
  }

  /** Once spread, now and then: one part edited, deleted or stale, or the whole record edited (every part rewritten). */
  async maybeDamage(ours: Ours, landed: () => Promise<void>): Promise<RecordEdit | undefined> {
    if (!this.#spread || !this.#pick.chance(EDIT_CHANCE)) return undefined;
    await landed();
    const found = await this.#ourRecord(ours);
    if (!found?.parts.length) return undefined;
    const { head, parts, all, text } = found;
    const before = new Map([...all].filter(([name]) => name === head || parts.includes(name)));
    const kind = this.#pick.pick([...PART_EDITS, ...RECORD_EDITS.map((k) => k.name)]);
    const stale = this.#seen.get(head);
    this.#seen.set(head, text);
    let expect: RecordEditOutcome = 'refused';
    const part = this.#pick.pick(parts);
    if (kind === 'part deleted') await this.#request('DELETE', part);
    else if (kind === 'part edited' || (kind === 'part stale' && stale === undefined))
      await putVariable(this.sim, HOME, part, flipOne(all.get(part)!, this.#pick));
    else if (kind === 'part stale') await putVariable(this.sim, HOME, part, staleChunk(all, parts, part, stale!));
    else {
      const whole = RECORD_EDITS.find((k) => k.name === kind)!;
      expect = whole.expect;
      const next = whole.edit(text);
      if (next === undefined) await this.#request('DELETE', head);
      else
        for (const { name, value } of splitWhole(next, found.record, head, slotOf(parts[0]!)))
          await putVariable(this.sim, HOME, name, value);
    }
    this.sim.note(`user: record ${head} in parts, ${kind}${kind.startsWith('part') ? ` (${part})` : ''}`);
    const family = (JSON.parse(all.get(head)!) as { family?: string }).family;
    return {
      name: `in parts, ${kind}`,
      expect,
      ...(family && { family }),
      variable: head,
      undo: async (sim) => {
        const now = await listVariables(sim, HOME);
        for (const name of now.keys())
          if ((name === head || name.startsWith(`${head}_PART_`)) && !before.has(name)) await this.#request('DELETE', name, sim);
        for (const [name, value] of before) await putVariable(sim, HOME, name, value);
      },
    };
  }

  async #request(method: 'DELETE', name: string, sim = this.sim): Promise<void> {
    const answer = await sim.userRequest(method, `/repos/${HOME}/actions/variables/${name}`);
    if (answer.status !== 204 && answer.status !== 404) throw new Error(`${method} ${name}: ${answer.status}`);
  }

  /** The family's record head (one of them, the seed picks), with its parts and whole text; undefined when none reads. */
  async #ourRecord(
    ours: Ours,
  ): Promise<{ head: string; record: StoredRecord; parts: string[]; all: Map<string, string>; text: string } | undefined> {
    const all = await listVariables(this.sim, HOME);
    const heads = [...all]
      .filter(([name, value]) => name.startsWith(RECORD_PREFIX) && !name.includes('_PART_') && ours(parsed(value)))
      .map(([name]) => name);
    if (!heads.length) return undefined;
    const head = this.#pick.pick(heads.sort());
    try {
      const { record, parts } = joinStoredRecord(all, head);
      return { head, record, parts, all, text: JSON.stringify(record) };
    } catch {
      // Already damaged (an abandoned write, a crash between parts): not one to plant in or edit.
      return undefined;
    }
  }
}

function parsed(text: string): { kind?: string; secret?: string } {
  try {
    return JSON.parse(text) as { kind?: string; secret?: string };
  } catch {
    return {};
  }
}

/** One character of `text` changed (the JSON may stay valid: only the hash tells). */
function flipOne(text: string, rng: Rng): string {
  const at = rng.int(text.length);
  return `${text.slice(0, at)}${text[at] === '0' ? '1' : '0'}${text.slice(at + 1)}`;
}

/** The part `part` as an older text of the record had it at the same place: a part left from an earlier write. */
function staleChunk(all: ReadonlyMap<string, string>, parts: readonly string[], part: string, older: string): string {
  const start = parts.slice(0, parts.indexOf(part)).reduce((n, name) => n + all.get(name)!.length, 0);
  const chunk = older.slice(start, start + all.get(part)!.length);
  return chunk === all.get(part) ? flipOne(chunk, createRng(start)) : chunk;
}

function slotOf(part: string): 'A' | 'B' {
  return /_PART_B\d+$/.test(part) ? 'B' : 'A';
}

/**
 * `text` (a record edited whole, maybe no longer JSON) spread over two parts or more under `head`, its hash right: as a tool rewriting
 * every part would.
 */
function splitWhole(text: string, record: StoredRecord, head: string, slot: 'A' | 'B'): Array<{ name: string; value: string }> {
  let meta: Pick<StoredRecord, 'keyturn' | 'family' | 'secret' | 'kind'> = record;
  try {
    meta = JSON.parse(text) as StoredRecord;
  } catch {
    // Cut short: the head keeps the record's own fields.
  }
  return splitStoredText(text, meta, head, slot, Math.min(PART_BYTES, Math.ceil(text.length / 2)));
}

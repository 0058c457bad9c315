// The user's edits between a history's rounds (history.ts): the target list, keep, the credential,
// a renamed secret or another kind of key, retired targets, record edits; each waits, where it must,
// for what an earlier run abandoned to land.

import type { Simulation } from './simulation.js';
import { deployedAt } from './invariants.js';
import { editRecord, RECORD_EDITS } from './record-edits.js';
import type { Rng } from './prng.js';
import { KEY_KINDS, SECRET_NAMES } from './world.js';
import { deleteHeld, putHeld, reaches } from './target-pool.js';
import { recordPlace } from './record-place.js';
import { passTime } from './hourly.js';
import type { UserState } from './history-user.js';

/** The user edits the workflow: the target list, keep, the credential, the secret's name, the kind of key. */
export async function editBetweenRuns(
  sim: Simulation,
  rng: Rng,
  user: UserState,
  rename: boolean,
  record: boolean,
  listedOnly: boolean,
): Promise<void> {
  let next = rng.shuffle(user.list);
  // Drawn either way, so the history after it stays the same.
  const drop = next.length > 1 && rng.chance(0.4);
  if (drop) next.splice(rng.int(next.length), 1);
  const absent = sim.world.pool.filter((t) => !next.includes(t));
  if (absent.length && (next.length === 1 || rng.chance(0.35))) next.splice(rng.int(next.length + 1), 0, rng.pick(absent));
  if (!next.length) next = [rng.pick(sim.world.pool)];
  if (next.join('|') !== user.list.join('|')) sim.note(`user: targets now [${next.join(' | ')}]`);
  user.list = next;
  if (rng.chance(0.2)) {
    user.keep = rng.pick([1, 1, 2, 3]);
    sim.note(`user: keep ${user.keep}`);
  }
  if (rng.chance(0.15)) {
    user.credential = user.credential === 'token' ? 'app' : 'token';
    sim.note(`user: GitHub credential now ${user.credential}`);
  }
  // Drawn either way, so a seed makes the same history whether renames are on or not.
  if (rng.chance(0.06) && rename) await renameSecret(sim, user, listedOnly);
  if (rng.chance(0.05)) switchKind(sim, rng, user);
  user.recordEdit = undefined;
  const ours = (r: { kind?: string; secret?: string }) => r.secret === user.secretName && (r.kind ?? 'personal').startsWith(user.kind);
  // While rebuild-record is on (the last run was refused), an unreadable record is rebuilt, not refused: no edit then.
  if (record && user.later.chance(0.1)) {
    const kind = user.later.pick(RECORD_EDITS);
    // An abandoned record write of an earlier run lands first, or it would undo the edit before the
    // next run reads it (seeds 20264957, 20268649, 20269644, 20268232, 20263282).
    if (!user.rebuildRecord) await heldBackLanded(sim);
    if (!user.rebuildRecord) user.recordEdit = await editRecord(sim, user.later, kind, recordPlace(user.record), ours);
  }
  // A record in parts (a stream of its own; kept in GitHub): spread once, then a part damaged now and then.
  if (record && user.record === 'github' && !user.recordEdit && !user.rebuildRecord) {
    // As for an edit of the whole record, an abandoned record write lands first (only when one is made: waiting shifts the history).
    user.recordEdit = await user.parts.maybeDamage(ours, () => heldBackLanded(sim));
    if (!user.recordEdit) await user.parts.maybeSpread(ours, () => heldBackLanded(sim));
  }
  if (user.recordEdit?.expect === 'absent') {
    user.recordBlind = true;
    excuseDroppedWithoutRecord(sim, user);
    // Nor the family's keys, once no target holds them: the user who deleted its record revokes them.
    const family = user.recordEdit.family;
    for (const key of sim.world.platform.listKeys())
      if (family && !key.revoked && key.name.startsWith(`${family}-`)) user.forgotten.add(key.id);
  }
}

/** README, "Without a record": the run no longer knows the dropped targets, so their keys may go. */
export function excuseDroppedWithoutRecord(sim: Simulation, user: UserState): void {
  for (const target of [...user.written].filter((t) => !user.list.includes(t))) {
    const value = sim.world.held(target, user.secretName);
    if (value !== undefined) user.excused.set(`${target} ${user.secretName}`, value);
    const served = target.startsWith('vercel:') ? sim.world.served(target, user.secretName) : undefined;
    if (served !== undefined) user.excused.set(deployedAt(target, user.secretName), served);
  }
}
/**
 * Virtual time passes until every answer a fault held back has landed (the slowest is 45 s). A
 * timer of its own ends the wait at the same virtual time whatever other timers are pending.
 */
export function heldBackLanded(sim: Simulation): Promise<void> {
  return passTime(sim, 60_000);
}

/**
 * The secret renamed: the user puts the key each target holds under the new name and deletes the
 * old one, once the last run's abandoned writes have landed (seed 1343659060: one landing after
 * the delete brought the old secret back, holding a key the next run rightly revoked: README,
 * "Rename the secret": once you delete the old secret there, the next run revokes its keys).
 */
export async function renameSecret(sim: Simulation, user: UserState, listedOnly: boolean): Promise<void> {
  const to = SECRET_NAMES.find((n) => n !== user.secretName)!;
  // As for a switched kind: the rebuild a refused record asks for comes first, by the workflow as it
  // was; renamed, the workflow's runs belong to another family and never rebuild it (seed 1791622077).
  if (user.rebuildRecord) {
    sim.note(`user: keeps the secret name ${user.secretName} until a run has rebuilt the record`);
    return;
  }
  await heldBackLanded(sim);
  sim.note(`user: secret renamed ${user.secretName} -> ${to}`);
  user.clock?.excuseLive("the secret renamed: the old name's record goes its own way");
  for (const target of [...user.written]) {
    const value = sim.world.held(target, user.secretName);
    if (value === undefined) continue;
    // A target no longer in targets: the old secret is deleted there and the target retired, not
    // copied (README, Rename the secret); a copy is a secret no record of the new name knows, whose
    // key a later run rightly revokes (seed 542601831).
    if (listedOnly && !user.list.includes(target)) {
      await deleteSecret(sim, target, user.secretName);
      user.written.delete(target);
      user.retiring.add(target);
      sim.note(`user: retires ${target}, no longer in targets, rather than copying the secret there`);
      continue;
    }
    putHeld(sim.world, target, to, value, new Date(sim.time.now()));
    // A dead key excused under the old name (README, "Without a record": a dropped target's key is
    // revoked like any older key) is the same dead key under the new one (seed 1343661714).
    const excuse = `${target} ${user.secretName}`;
    if (user.excused.get(excuse) === value) user.excused.set(`${target} ${to}`, value);
    await deleteSecret(sim, target, user.secretName);
  }
  user.secretName = to;
}

/** Another kind of key: a console key of that kind in every secret the workflow's targets hold, as the README says. */
export function switchKind(sim: Simulation, rng: Rng, user: UserState): void {
  const to = rng.pick(KEY_KINDS.filter((k) => k !== user.kind));
  // The rebuild a refused record asks for comes first, by the workflow as it was: a run of another
  // kind cannot see the family's keys, which the README says a warning names each run (seed 9821).
  if (user.rebuildRecord) {
    sim.note(`user: keeps the ${user.kind} key until a run has rebuilt the record`);
    return;
  }
  sim.note(`user: switched to a ${to} key`);
  user.clock?.excuseLive('another kind of key: another family');
  user.kind = to;
  user.consoleKey = sim.world.consoleKey(to).key;
  for (const target of user.list) {
    putHeld(sim.world, target, user.secretName, user.consoleKey, new Date(sim.time.now()));
    user.written.add(target);
  }
}

/**
 * The user takes back the targets added in the round before (tried, then not wanted after all),
 * after a concurrent round too: runs that met wrote one at a time (the lease), so no record entry was lost.
 */
export function takeBack(sim: Simulation, user: UserState, added: readonly string[]): void {
  const next = user.list.filter((t) => !added.includes(t));
  if (!next.length || next.length === user.list.length) return;
  user.list = next;
  sim.note(`user: takes back [${added.join(' | ')}], targets now [${next.join(' | ')}]`);
}

/** The user moves the secret to other targets: a list none of whose targets was listed before (nor retired). */
export function replaceListWhole(sim: Simulation, rng: Rng, user: UserState): void {
  const others = rng.shuffle(sim.world.pool.filter((t) => !user.list.includes(t) && !user.retiring.has(t)));
  if (!others.length) return;
  for (const target of [...user.written, ...user.list]) user.movedAway.add(target);
  user.clock?.excuseLive('targets replaced whole: another family');
  user.list = others.slice(0, 1 + rng.int(Math.min(2, others.length)));
  sim.note(`user: targets replaced whole, now [${user.list.join(' | ')}]`);
}

/** Sometimes the user retires a target dropped earlier: deletes its secret, then names it in retire-targets. */
export async function maybeRetire(sim: Simulation, rng: Rng, user: UserState): Promise<void> {
  const dropped = [...user.written].filter((t) => !user.list.includes(t));
  if (!dropped.length || !rng.chance(0.4)) return;
  const retired = rng.pick(dropped);
  // Once the last run's abandoned writes have landed, as for a rename (seed 1343663698).
  await heldBackLanded(sim);
  await deleteSecret(sim, retired, user.secretName);
  user.written.delete(retired);
  user.retiring.add(retired);
  sim.note(`user: retires ${retired}`);
}

export const deleteSecret = deleteHeld;

/**
 * The credential reaches every target the run names or its record may (a GitHub App never reaches a
 * user's Codespaces secrets, and the run refuses one before anything changes): where it would not,
 * the user's workflow gives a token.
 */
export function keepReach(sim: Simulation, user: UserState, retire: readonly string[]): void {
  if ([...user.list, ...retire, ...user.written].every((t) => reaches(user.credential, t))) return;
  user.credential = 'token';
  sim.note("user: GitHub credential now token, as a GitHub App cannot reach a user's Codespaces secrets");
}

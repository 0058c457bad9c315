// What the simulated user does about how a run ended (history.ts): learns what it wrote, follows
// its advice by the notices' and errors' codes and actions (never their words), and checks the run
// after a record edit.

import type { RunResult, Simulation } from './simulation.js';
import { changedBy, deployedAt, type snapshot } from './invariants.js';
import type { Notice } from '@keyturn/rotation';
import { halfRenamed, keptRetiring, namesVariable, otherRecordUnread, rebuiltKeyIds, targetsToRetire } from './advice.js';
import type { UserState } from './history-user.js';
import { deleteSecret } from './history-edits.js';

export function learn(sim: Simulation, user: UserState, run: RunResult): void {
  if (run.spec.secretName !== user.secretName) return;
  for (const target of run.spec.targets) {
    user.written.add(target);
    const at = `${target} ${run.spec.secretName}`;
    if (user.excused.has(at) && user.excused.get(at) !== sim.world.held(target, run.spec.secretName)) user.excused.delete(at);
    // A Vercel deployment's excuse ends once a deployment runs with another value.
    const deployed = deployedAt(target, run.spec.secretName);
    if (user.excused.has(deployed) && user.excused.get(deployed) !== sim.world.served(target, run.spec.secretName)) {
      user.excused.delete(deployed);
    }
  }
}

/** Issue 33, item 3: a run that finds its family stuck makes no key until the family is acknowledged. */
export function stuckMadeKey(run: RunResult): string[] {
  return run.error?.code === 'stuck' && run.created.length
    ? [`stuck family: ${run.id} made ${run.created.length} key(s) unacknowledged`]
    : [];
}

/**
 * What the user does about how a run ended, as its message says: a run that ended well settles a
 * concurrent round, ends the retirements and the rebuild; targets of several families get a
 * key-name-prefix; a retired target found holding the secret (an abandoned write of an earlier run
 * landed after the user deleted it) has it deleted again. True when the advice changed something
 * the next run depends on (so a convergence run refused that way is not a clean one).
 */
export async function followAdvice(sim: Simulation, user: UserState, run: RunResult): Promise<boolean> {
  // Alert mode says nothing of the rotation's own advice beyond its emergency rotations' notices: the next scheduled rotation's run does.
  if (run.spec.alerts) return false;
  // A managing key refused before anything changed (a key the run might revoke): the user manages
  // with an organization admin's personal key, as the refusal advises (by its code: the only option
  // a history gets wrong).
  if (
    run.error?.code === 'invalid-options' &&
    !run.spec.leakedKey &&
    user.managingKey &&
    user.managingKey.id !== sim.world.managingKey.id
  ) {
    user.managingKey = { id: sim.world.managingKey.id, key: sim.world.managingKey.key };
    sim.note(`user: manages with the admin's personal key ${user.managingKey.id}, as the refusal advises`);
    return true;
  }
  const notices = (run.report ?? run.error?.report)?.notices ?? [];
  // A stuck family (README, "A stuck family"): the user does what its issue says, then acknowledges it, by the code.
  if (run.status === 'ok') user.acknowledge = false;
  else if (run.error?.code === 'stuck' && !user.acknowledge) {
    user.acknowledge = true;
    sim.note('user: acknowledges the stuck family, as its issue asks');
    return true;
  }
  for (const id of rebuiltKeyIds(notices)) user.rebuiltKeys.add(id);
  if (run.status === 'ok') {
    // Another family's record the run could not read may still name a retired target (README,
    // record: its keys stay valid): the user names it again once that record is fixed.
    // Likewise a record that could not forget them: keep-in-retire-targets, until a run ends without that notice (revoke.ts).
    const kept = new Set(keptRetiring(notices));
    // A dry run changes nothing: the retirements and the rebuild wait for a run that does (seed 431).
    const done = !run.spec.dryRun;
    if (done && !otherRecordUnread(notices)) for (const target of run.spec.retire) if (!kept.has(target)) user.retiring.delete(target);
    const renamedLeft = await followRenameNotices(sim, user, notices);
    // README, "Drop a target": each run names it; a target whose secret the user deleted is retired
    // (again: an abandoned record write of an earlier run may bring a retired one back). So are the
    // targets another family's record still names while none may hold its keys (seed 874975652).
    const named = targetsToRetire(notices).filter((t) => sim.world.pool.includes(t));
    const again = named.filter((t) => !user.list.includes(t) && !user.written.has(t) && !user.retiring.has(t));
    for (const target of again) {
      user.retiring.add(target);
      sim.note(`user: retires ${target} again, as the warning advises`);
    }
    if (done && run.spec.rebuildRecord) {
      user.rebuildRecord = false;
      sim.note(`user: rebuild-record taken out; the rebuilt record keeps keys [${[...user.rebuiltKeys].join(', ')}]`);
    }
    return again.length > 0 || renamedLeft;
  }
  if (await followRenameNotices(sim, user, notices)) return true;
  // The failure's advice as data (RotationError.actions), never its words.
  const actions = run.error?.actions ?? [];
  const families = actions.flatMap((a) => (a.do === 'choose-family' ? a.families : []));
  if (families.length) {
    const before = user.family;
    user.family = user.later.pick(families);
    sim.note(`user: key-name-prefix ${user.family}, as the error advises`);
    return user.family !== before;
  }
  // An unreadable record refuses every run until one rebuilds it, whoever made it so (seed 550630577:
  // a rebuild's delete of the unreadable variable was answered 404 and left it): the user rebuilds, as the error says.
  if (actions.some((a) => a.do === 'rebuild-record') && !user.rebuildRecord) {
    user.rebuildRecord = true;
    sim.note('user: rebuild-record: true, as the error advises');
    return true;
  }
  // A retired target still holding the secret (an abandoned write landed after the user deleted it).
  const stillHeld = actions.flatMap((a) => (a.do === 'retire-or-relist' ? a.targets : [])).find((t) => sim.world.pool.includes(t));
  if (run.error?.code === 'record-failed' && stillHeld) {
    sim.note('user: deletes the secret again, as the error advises');
    await deleteSecret(sim, stillHeld, run.spec.secretName);
    return true;
  }
  return false;
}

/**
 * README, Rename the secret: while the old secret may exist at a target its record names, its keys
 * stay valid and each run names them once the rename is half done; the user deletes it there and
 * names a target no longer in targets in retire-targets, as the notice says (seed 1701326227: the
 * retirements, one run apart, never met in one run, and the old family's key stayed valid). True
 * when that changed something.
 */
export async function followRenameNotices(sim: Simulation, user: UserState, notices: readonly Notice[]): Promise<boolean> {
  if (!user.renameListed) return false;
  let changed = false;
  for (const rename of halfRenamed(notices)) {
    if (rename.secretName === user.secretName) continue;
    for (const target of sim.world.pool.filter((t) => rename.targets.includes(t))) {
      if (sim.world.held(target, rename.secretName) !== undefined) await deleteSecret(sim, target, rename.secretName);
      // A dropped target that holds the secret of the current name is the current family's to retire (its own notice).
      if (user.list.includes(target) || user.retiring.has(target) || sim.world.held(target, user.secretName) !== undefined) continue;
      user.written.delete(target);
      user.retiring.add(target);
      sim.note(`user: retires ${target} again, as the renamed secret's warning advises`);
      changed = true;
    }
  }
  return changed;
}

/**
 * The run after a record edit, as the README says: an unreadable or newer record refuses before
 * anything changes (then the user rebuilds it, or restores it, as a newer release would read it);
 * a deleted one is absent, and the run goes on without it.
 */
export async function afterRecordEdit(
  sim: Simulation,
  user: UserState,
  run: RunResult,
  before: Awaited<ReturnType<typeof snapshot>>,
): Promise<string[]> {
  const edit = user.recordEdit!;
  user.recordEdit = undefined;
  if (edit.expect === 'absent') return [];
  // A stuck family's run stops before it reads the record (README, A stuck family): it must change nothing,
  // and the user, seeing it stuck, puts the record back before acknowledging (seed 610000426).
  if (run.error?.code === 'stuck') {
    const out = (await changedBy(sim, before)).map((what) => `record edit (${edit.name}): ${run.id} changed ${what}`);
    await edit.undo(sim);
    sim.note(`user: restores ${edit.variable}, the family being stuck`);
    return out;
  }
  const family = (run.report ?? run.error?.report)?.family;
  if (edit.family && family && edit.family !== family && run.error?.code !== 'record-failed') {
    // Another family's record (the list replaced whole leaves one): the run goes on and warns,
    // the keys it names stay valid (README, record); the user fixes it as the warning says.
    const warned = namesVariable((run.report ?? run.error?.report)?.notices ?? [], edit.variable);
    await edit.undo(sim);
    sim.note(`user: restores ${edit.variable}, another family's record, as the warning advises`);
    return warned
      ? []
      : [`record edit (${edit.name}): ${run.id} neither refused nor warned about family ${edit.family}'s record ${edit.variable}`];
  }
  const out: string[] = [];
  if (run.status !== 'failed' || run.error?.code !== 'record-failed')
    out.push(`record edit (${edit.name}): ${run.id} did not refuse (${run.status}${run.error ? `, ${run.error.code}` : ''})`);
  out.push(...(await changedBy(sim, before)).map((what) => `record edit (${edit.name}): ${run.id} changed ${what}`));
  if (edit.expect === 'newer') {
    await edit.undo(sim);
    sim.note('user: upgrades the pinned release (the newer record restored as it was)');
  } else {
    user.rebuildRecord = true;
    sim.note('user: rebuild-record: true, as the error advises');
  }
  return out;
}

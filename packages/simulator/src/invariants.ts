// What must hold after any run of a history, whatever failed, crashed or raced (DESIGN.md's
// invariants, as test/reliability checks them on the bundled Action), as violations to report
// rather than assertions, so a history can print its seed and trace with them.

import type { RunResult } from './simulation.js';
import { SECRET_NAMES, type SimKeyKind, TARGET_POOL, type World } from './world.js';

/** I1: every secret that exists, wherever and under whichever name, holds a live key: nobody is locked out. */
export function lockOuts(world: World): string[] {
  const out: string[] = [];
  for (const target of TARGET_POOL) {
    for (const name of SECRET_NAMES) {
      const value = world.held(target, name);
      if (value !== undefined && !world.platform.isKeyValid(value)) out.push(`lock-out: ${target} ${name} holds a key that does not work`);
    }
  }
  return out;
}

/** I8: no key value or token in anything a run said (log lines, errors, advice, report). */
export function leaks(world: World, runs: readonly RunResult[]): string[] {
  const out: string[] = [];
  for (const run of runs) {
    const said = run.said.join('\n');
    for (const secret of world.secrets) {
      if (said.includes(secret)) out.push(`leak: ${run.id} said a key value or token (${secret.slice(0, 4)}…)`);
    }
  }
  return out;
}

/** The outputs of a run that ended alone: the targets it names hold its key, and that key works. */
export function untruthfulOutputs(world: World, run: RunResult): string[] {
  const report = run.report;
  if (run.status !== 'ok' || !report || report.dryRun) return [];
  const value = run.created[0];
  const out: string[] = [];
  if (!value || !world.platform.isKeyValid(value)) out.push(`untruthful: ${run.id} reports key ${report.keyId}, which does not work`);
  for (const spec of report.targets) {
    if (world.held(spec, run.spec.secretName) !== value) out.push(`untruthful: ${run.id} says ${spec} holds its key, it does not`);
  }
  return out;
}

function kindOf(key: { org_id?: string | null; project_id?: string | null }): SimKeyKind {
  return key.project_id ? 'project' : key.org_id ? 'organization' : 'personal';
}

/**
 * I2, I4 once converged: every live key of `kind` that a run made is held by some secret. Values
 * cannot be mapped to ids, so count: as many live run-made keys as distinct live values held.
 */
export function orphans(world: World, kind: SimKeyKind): string[] {
  const live = world.platform
    .listKeys()
    .filter((k) => !k.revoked && !world.userKeyIds.has(k.id) && kindOf(k as { org_id?: string | null; project_id?: string | null }) === kind);
  const held = new Set<string>();
  for (const target of TARGET_POOL) {
    for (const name of SECRET_NAMES) {
      const value = world.held(target, name);
      if (value && world.platform.isKeyValid(value) && !world.userKeyValues.has(value)) held.add(value);
    }
  }
  const heldOfKind = [...held].filter((value) => world.kindOfValue(value) === kind).length;
  return live.length > heldOfKind ? [`orphan: ${live.length - heldOfKind} live ${kind} key(s) made by runs and held by no secret (live: ${live.map((k) => k.id).join(', ')})`] : [];
}

/**
 * `keep` 2 or more keeps the previous key for jobs already running (DESIGN.md): after a run that
 * ended well, every working key a run made that a listed target held when it began still works.
 * `heldAtStart`: the values the listed targets held then that worked.
 */
export function keepBroken(world: World, run: RunResult, heldAtStart: readonly string[]): string[] {
  if (run.status !== 'ok' || run.spec.keep < 2 || run.report?.dryRun) return [];
  const madeByRuns = heldAtStart.filter((value) => !world.userKeyValues.has(value) && world.kindOfValue(value) === run.spec.kind);
  return [...new Set(madeByRuns)]
    .filter((value) => !world.platform.isKeyValid(value))
    .map(() => `keep broken: ${run.id} ran with keep ${run.spec.keep}, yet revoked a key a listed target held when it began`);
}

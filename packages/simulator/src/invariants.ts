// What must hold after any run of a history, whatever failed, crashed or raced (the rotation README's
// invariants, as test/reliability checks them on the bundled Action), as violations to report
// rather than assertions, so a history can print its seed and trace with them.

import { countNoun } from '@keyturn/api/toolkit';
import { namesKey, unreadFamilies } from './advice.js';
import type { RunResult, Simulation } from './simulation.js';
import { HOME, SECRET_NAMES, type SimKeyKind, type World } from './world.js';

/**
 * Lock-outs the product's documentation allows, by `<target> <secret name>`, while that secret
 * still holds the value given: a dropped target once its record was deleted (README, "Without a
 * record"). Runs that meet are never excused: the lease keeps them one writer at a time.
 */
export type Excused = Map<string, string>;

/** The excuse of what a Vercel target's running deployment uses (its variable's is the target's own). */
export const deployedAt = (target: string, name: string): string => `${target} ${name} deployed`;

/** Whether `value` at `target`'s secret `name` (held, or deployed) is a lock-out the documentation allows. */
export function isExcused(excused: Excused, target: string, name: string, value: string): boolean {
  return excused.get(`${target} ${name}`) === value || excused.get(deployedAt(target, name)) === value;
}

/** I1: every secret that exists, wherever and under whichever name, holds a live key: nobody is locked out. */
export function lockOuts(world: World, excused: Excused = new Map()): string[] {
  const out: string[] = [];
  for (const target of world.pool) {
    for (const name of SECRET_NAMES) {
      const value = world.held(target, name);
      if (value === undefined || world.platform.isKeyValid(value) || excused.get(`${target} ${name}`) === value) continue;
      out.push(`lock-out: ${target} ${name} holds a key that does not work`);
    }
  }
  return [...out, ...deploymentLockOuts(world, excused)];
}

/** I1 where a key runs only once deployed: the key a Vercel target's running deployment uses works (issue 34). */
export function deploymentLockOuts(world: World, excused: Excused = new Map()): string[] {
  const out: string[] = [];
  for (const target of world.pool.filter((t) => t.startsWith('vercel:'))) {
    for (const name of SECRET_NAMES) {
      const value = world.served(target, name);
      if (value === undefined || world.platform.isKeyValid(value) || isExcused(excused, target, name, value)) continue;
      out.push(`lock-out: the deployment ${target} runs uses a ${name} that does not work`);
    }
  }
  return out;
}

export interface WorldSnapshot {
  keys: string;
  secrets: string;
  variables: string;
}

/**
 * What a run could change: the keys (and which are revoked), every secret's value, the home repository's and GitLab project's variables.
 */
export async function snapshot(sim: Simulation): Promise<WorldSnapshot> {
  const { world } = sim;
  const keys = world.platform
    .listKeys()
    .map((k) => `${k.id}${k.revoked ? ' revoked' : ''}`)
    .join(', ');
  const secrets = world.pool
    .flatMap((t) => SECRET_NAMES.map((n) => `${t} ${n}=${world.platform.keyIdOf(world.held(t, n) ?? '') ?? '-'}`))
    .join(', ');
  const answer = await sim.userRequest('GET', `/repos/${HOME}/actions/variables?per_page=30`);
  const { variables } = (await answer.json()) as { variables: Array<{ name: string; value: string }> };
  const gitlab = world.gitlab.variables({ project: HOME }).map((v) => `gitlab ${v.key}=${v.value}`);
  return { keys, secrets, variables: [...variables.map((v) => `${v.name}=${v.value}`), ...gitlab].join('\n') };
}

/** What changed since `before` (nothing, for a run refused before anything changes). */
export async function changedBy(sim: Simulation, before: WorldSnapshot): Promise<string[]> {
  const after = await snapshot(sim);
  return (['keys', 'secrets', 'variables'] as const).filter((what) => after[what] !== before[what]).map((what) => `the ${what}`);
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
  // A run whose key was not due (rotate-every) names no key and writes no target.
  if (run.status !== 'ok' || !report || report.dryRun || ('idle' in report && report.idle)) return [];
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
 * I2, I4 once converged (issue 22, item 5), after the last run of `family`: a live key of `kind`
 * that a run made and no secret holds is an orphan if it is the family's; a key of another family
 * (a renamed secret, a given key-name-prefix) may stay valid only if that run's notices name it
 * by its id (or, its record unreadable, by its family), never silently. `forgotten`: keys of a family whose record the user deleted (no run
 * can tell they were made for this secret: README, "Without a record").
 */
export function orphans(world: World, kind: SimKeyKind, last: RunResult, forgotten: ReadonlySet<number> = new Set()): string[] {
  const held = new Set<number>();
  for (const target of world.pool) {
    for (const name of SECRET_NAMES) {
      const id = world.platform.keyIdOf(world.held(target, name) ?? '');
      if (id !== undefined) held.add(id);
      // A Vercel deployment running with an older key holds it too (the run keeps it valid until a deploy uses the new one).
      const served = target.startsWith('vercel:') ? world.platform.keyIdOf(world.served(target, name) ?? '') : undefined;
      if (served !== undefined) held.add(served);
    }
  }
  const family = last.report?.family ?? '';
  const notices = last.report?.notices ?? [];
  const unheld = world.platform
    .listKeys()
    .filter(
      (k) =>
        !k.revoked &&
        !world.userKeyIds.has(k.id) &&
        !forgotten.has(k.id) &&
        !held.has(k.id) &&
        kindOf(k as { org_id?: string | null; project_id?: string | null }) === kind,
    );
  const own = unheld.filter((k) => k.name.startsWith(`${family}-`));
  // A family whose record the run could not read is named by its notice, not its keys (README: they stay valid).
  const unread = unreadFamilies(notices).map((family) => `${family}-`);
  const silent = unheld.filter((k) => !own.includes(k) && !namesKey(notices, k.id) && !unread.some((f) => k.name.startsWith(f)));
  const out: string[] = [];
  if (own.length)
    out.push(
      `orphan: ${countNoun(own.length, `live ${kind} key`)} ${own.map((k) => k.id).join(', ')} of family ${family}, made by runs and ` +
        `held by no secret`,
    );
  if (silent.length)
    out.push(
      `silently valid: ${countNoun(silent.length, `live ${kind} key`)} ${silent.map((k) => `${k.id} (${k.name})`).join(', ')} of ` +
        `another family, held by no secret, named in no notice of ${last.id}`,
    );
  return out;
}

/**
 * `keep` 2 or more keeps the previous key for jobs already running (packages/rotation/README.md): after a run that
 * ended well, the working keys of its family a run made that the listed targets held when it began
 * still work, as many as `keep` leaves slots for after the new key (README: `keep` does not apply
 * across families, their keys go at once).
 * `heldAtStart`: the values the listed targets held then that worked.
 */
export function keepBroken(world: World, run: RunResult, heldAtStart: readonly string[]): string[] {
  if (run.status !== 'ok' || run.spec.keep < 2 || run.report?.dryRun) return [];
  const family = `${run.report?.family}-`;
  const ofFamily = (value: string) =>
    world.platform.listKeys().some((k) => k.id === world.platform.keyIdOf(value) && k.name.startsWith(family));
  const held = [...new Set(heldAtStart)].filter(
    (value) => !world.userKeyValues.has(value) && world.kindOfValue(value) === run.spec.kind && ofFamily(value),
  );
  // The slots after the new key's go to the keys the targets held (README, Revoke): as many as there are, up to keep - 1.
  const kept = held.filter((value) => world.platform.isKeyValid(value)).length;
  const slots = Math.min(run.spec.keep - 1, held.length);
  const ids = (values: readonly string[]) => values.map((v) => world.platform.keyIdOf(v)).join(', ');
  const lost = held.filter((value) => !world.platform.isKeyValid(value));
  return kept < slots
    ? [
        `keep broken: ${run.id} ran with keep ${run.spec.keep}, yet kept ${kept} of the ${countNoun(held.length, 'key')} of its ` +
          `family the listed targets held when it began (held ${ids(held)}; revoked ${ids(lost)})`,
      ]
    : [];
}

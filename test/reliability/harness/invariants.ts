// What must hold after any run, whatever failed: nobody is locked out, nothing the run made is left
// valid behind anyone's back, and no key value or token shows in what a workflow author sees.

import type { PlatformEmulator } from '@keyturn/emulator';
import { expect } from 'vitest';
import { findLeakedPieces, findLeaks } from '@keyturn/action-runner';
import type { ProbedRun } from './action-process.js';
import { FAMILY, type RotationRig, SECRET_NAME, TARGETS } from './rotation-rig.js';

export function errorsOf(run: ProbedRun): string[] {
  return run.annotations.filter((a) => a.level === 'error').map((a) => a.message);
}

/** The live keys of the rig's family (a managed rig's managing key is not one). */
export function liveKeyIds(platform: PlatformEmulator): number[] {
  return platform
    .listKeys()
    .filter((k) => !k.revoked && k.name.startsWith(`${FAMILY}-`))
    .map((k) => k.id);
}

/** stdout (without `::add-mask::` lines), stderr, outputs and summary hold none of the secrets. */
export function expectNoLeaks(run: ProbedRun, secrets: Iterable<string>): void {
  expect(findLeaks(run, [...secrets])).toEqual([]);
}

/** For a value the runner never masked (a key in the wrong input): not even 16 characters of it show. */
export function expectNoPieceLeaked(run: ProbedRun, unmasked: string): void {
  expect(findLeakedPieces(run, unmasked)).toEqual([]);
}

/** Every target holds a value, and it is a live key. */
export function expectEveryTargetHoldsAWorkingKey(rig: RotationRig): void {
  const held = rig.heldValues();
  const locked = TARGETS.filter((_, i) => !(held[i] !== undefined && rig.platform.isKeyValid(held[i]!)));
  expect(locked, 'targets holding a key that does not work').toEqual([]);
}

/** The `targets` output names targets that hold the run's new key: a live key, none seeded before. */
export function expectTargetsOutputTruthful(rig: RotationRig, run: ProbedRun): void {
  const seeded = new Set(rig.seeded.map((k) => k.key));
  const named = JSON.parse(run.outputs.targets ?? '[]') as string[];
  const untrue = named.filter((spec) => {
    const value = rig.github.secretValue(spec, SECRET_NAME);
    return value === undefined || seeded.has(value) || !rig.platform.isKeyValid(value);
  });
  expect(untrue, 'targets named in the output that do not hold the new key').toEqual([]);
}

/**
 * No key made since the seeded ones is live unless a target holds it: a live key that no target
 * holds is an orphan nobody can use. Values cannot be mapped to ids, so count: the live new keys
 * must be as many as the distinct live new values the targets hold.
 */
export function expectNoStrandedKey(rig: RotationRig): void {
  const seeded = new Set(rig.seeded.map((k) => k.key));
  const lastSeededId = Math.max(0, ...rig.seeded.map((k) => k.id));
  const live = rig.platform.listKeys().filter((k) => k.id > lastSeededId && !k.revoked);
  const held = new Set(rig.heldValues().filter((v) => v !== undefined && !seeded.has(v) && rig.platform.isKeyValid(v)));
  expect(live.length - held.size, `keys the run made that are live but held by no target (live: ${live.map((k) => k.id)})`).toBe(0);
}

/**
 * A failed rotation exits 1 with one `::error::` that says what happened and what to do: the advice
 * is the job summary's "What to do:" note, and the annotation carries it too.
 */
export function expectActionableFailure(run: ProbedRun): string {
  expect(run.exitCode, 'exit code').toBe(1);
  expect(run.timedOut).toBe(false);
  const errors = errorsOf(run);
  expect(errors).toHaveLength(1);
  const advice = /<p>What to do: (.+?)<\/p>/.exec(run.summary)?.[1];
  expect(advice, 'the job summary says what to do').toBeTruthy();
  expect(errors[0]).toContain(unescapeHtml(advice!).replace(/\.$/, ''));
  return errors[0]!;
}

function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

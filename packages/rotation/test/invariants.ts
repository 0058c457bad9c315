// What must hold after any rotation, whatever failed (the fault matrix's shared checker): the
// invariants stated at the top of src/rotate-key.ts, by their names there.

import { expect } from 'vitest';
import type { RotationRun } from './run.js';
import { SECRET, SECRET_PATHS, TARGETS, TOKEN, type World } from './world.js';

export interface InvariantOptions {
  /**
   * A target write failed without a usable answer and so did writing the previous key back: the
   * target may hold the new key, so the run keeps it valid and must say so.
   */
  newKeyMayStayUnheld?: boolean;
  /** Keys made during the run by someone else (a concurrent rotation), not by the run. */
  foreignKeyIds?: number[];
}

export function checkInvariants(world: World, run: RotationRun, options: InvariantOptions = {}): void {
  const { platform, github } = world;
  const held = TARGETS.map((target) => github.secretValue(target, SECRET));

  // I1. Every target holds a working key.
  for (const [i, value] of held.entries()) {
    expect(value, `${TARGETS[i]} holds a value`).toBeTruthy();
    expect(platform.isKeyValid(value!), `${TARGETS[i]} holds a working key`).toBe(true);
  }

  // I2. No key the run created stays valid unless a target holds it (or the run says one may).
  const foreign = new Set(options.foreignKeyIds ?? []);
  const createdLive = platform.listKeys().filter((k) => k.id > run.lastIdBefore && !k.revoked && !foreign.has(k.id));
  for (const key of createdLive) {
    const value = key.id === run.report?.keyId || key.id === run.error?.report.keyId ? run.createdValues[0] : undefined;
    const isHeld = value !== undefined && held.includes(value);
    if (!isHeld) {
      expect(options.newKeyMayStayUnheld, `created key ${key.id} is valid but no target holds it`).toBe(true);
      expect(run.error?.message).toMatch(new RegExp(`may hold the new key ${key.id}\\b`));
    }
  }

  // I3. A key from before the run is revoked only after every target holds the new key.
  const requests = world.requests.slice(run.requestsBefore);
  const oldRevocations = requests.filter(
    (r) => r.service === 'platform' && r.method === 'DELETE' && r.status === 200 && Number(r.path.split('/').pop()) <= run.lastIdBefore,
  );
  if (oldRevocations.length && run.report?.idle) {
    // A run the clock made a no-op (rotateEvery) makes no key: it revokes only keys no target holds.
    const heldIds = held.map((value) => platform.keyIdOf(value!));
    for (const r of oldRevocations)
      expect(heldIds, `an idle run revoked ${r.path}, which a target holds`).not.toContain(Number(r.path.split('/').pop()));
  } else if (oldRevocations.length) {
    const newValue = run.createdValues[0];
    expect(
      held.every((v) => v === newValue),
      'old keys were revoked: every target holds the new key',
    ).toBe(true);
    const firstRevocation = Math.min(...oldRevocations.map((r) => r.order));
    for (const path of SECRET_PATHS) {
      const written = requests.some((r) => r.method === 'PUT' && r.path === path && r.status! < 300 && r.order < firstRevocation);
      expect(written, `${path} was written before an old key was revoked`).toBe(true);
    }
  }

  // The advice says "run again" once at most.
  expect(run.error?.advice.match(/run again/gi)?.length ?? 0, run.error?.advice).toBeLessThanOrEqual(1);

  // I8. No key value or token in any log line, error or report.
  const said = [
    ...run.logs.map((l) => l.message),
    run.error?.message ?? '',
    run.error ? JSON.stringify(run.error) : '',
    JSON.stringify(run.report ?? {}),
    String((run.error?.cause as Error | undefined)?.message ?? ''),
  ].join('\n');
  for (const secret of [world.consoleKey.key, world.currentKey.key, ...run.createdValues, TOKEN]) {
    expect(said.includes(secret), 'a key value or token leaked into the output').toBe(false);
  }
}

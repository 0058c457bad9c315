// Emergency rotations and alert mode in the random histories (issue 36, item 1): now and then a key
// the workflow's secret holds leaks, and the round's runs are emergency rotations (`leakedKey`, by id
// or fingerprint) or answer secret-scanning alerts raised for it, meeting the round's faults, crashes,
// overlapping runs and the user's edits as any round does. The user answers as the advice says (by
// data): a run that did not end well is run again next round. The checks: a leak run that ends well
// leaves the leaked key dead, a failed one never says it revoked a live key, an alert is never
// resolved while its key works (nor one of a key no record knows), and the targets the leak rule
// leaves dead (named by the run: instant-invariants.ts) are the only lock-outs, until written again.

import { keyFingerprint } from '@keyturn/rotation';
import { ALERT_SECRET_TYPE } from './alert-matrix.js';
import { deployedAt, type Excused } from './invariants.js';
import { createRng, type Rng } from './prng.js';
import type { RunResult, RunSpec, Simulation } from './simulation.js';
import { HOME, SECRET_NAMES, type SimKeyKind, WRITE_TOKEN } from './world.js';
import { putHeld } from './target-pool.js';

/** The seed of the stream the modes draw from: a history without a leak draws nothing else differently. */
const MODES_STREAM = 0x6d6f_6465;
/** A round's chance to be an emergency rotation, and to answer alerts. */
const LEAK_CHANCE = 0.1;
const ALERTS_CHANCE = 0.08;
/** Scheduled alert-mode runs after one that did not end well, before the user answers by hand. */
const ALERT_RETRIES = 2;

type Mode = { mode: 'rotate' } | { mode: 'leak'; leakedKey: { id: number } | { fingerprint: string } } | { mode: 'alerts' };

/** What the workflow holds as a round starts: the value its secret holds, and the kind of key it rotates. */
export interface WorkflowNow {
  value: string | undefined;
  kind: SimKeyKind;
  /** A run of this round is checked to change nothing (after a record edit): no leak then. */
  quiet: boolean;
}

export class LeakRounds {
  /** Every value that leaked (named in a leak run or raised in an alert). */
  readonly leaked = new Set<string>();
  readonly #pick: Rng;
  #round: Mode = { mode: 'rotate' };
  /** The leak the user is answering, until a run ends well with it or its key is dead. */
  #pending?: { value: string; by: 'id' | 'fingerprint' };
  /** Alert-mode runs still to come for open alerts (the schedule), before the user answers by hand. */
  #alertRetries = 0;
  /** Alerts raised: by number, the value and whether a record may know it (false: a key keyturn does not manage). */
  readonly #alerts = new Map<number, { value: string; managed: boolean }>();
  readonly #early: string[] = [];
  #alertsGranted = false;

  constructor(
    private readonly sim: Simulation,
    private readonly on: boolean,
  ) {
    this.#pick = createRng(sim.seed ^ MODES_STREAM);
    // Checked after every answer: an alert resolved while its key works is seen even if a later run revokes it.
    sim.afterAnswer.push(() => {
      if (!this.#alerts.size) return;
      for (const alert of sim.world.github.secretScanningAlerts(HOME)) {
        const raised = this.#alerts.get(alert.number);
        if (!raised || alert.state !== 'resolved') continue;
        if (sim.world.platform.isKeyValid(raised.value)) this.#early.push(`alert #${alert.number} was resolved while its key worked`);
        if (!raised.managed) this.#early.push(`alert #${alert.number} of a key no record knows was resolved`);
      }
    });
  }

  /** True when this round's runs answer a leak (the keep check is off then: the leak rule takes the leaked key's slot). */
  get active(): boolean {
    return this.#round.mode !== 'rotate';
  }

  /** Draws this round's mode (a pending leak or open alerts come first), raising the alerts it answers. */
  draw(now: WorkflowNow): void {
    this.#round = { mode: 'rotate' };
    if (!this.on) return;
    const r = this.#pick.next();
    const { platform } = this.sim.world;
    if (now.quiet) return;
    if (this.#pending && platform.isKeyValid(this.#pending.value)) {
      this.#round = this.#leakMode(this.#pending.value, this.#pending.by);
      this.sim.note(`user: runs the emergency rotation again, as the advice says (${JSON.stringify(this.#round)})`);
      return;
    }
    this.#pending = undefined;
    if (this.#alertRetries > 0 && this.#openLive().length) {
      this.#alertRetries--;
      this.#round = { mode: 'alerts' };
      this.sim.note('the alert-mode schedule runs again: alerts of working keys are open');
      return;
    }
    // A key a run made (a console key no record may know: a leak of it is refused, left to the console).
    const value = now.value;
    if (
      value === undefined ||
      this.sim.world.userKeyValues.has(value) ||
      !platform.isKeyValid(value) ||
      this.sim.world.kindOfValue(value) !== now.kind
    )
      return;
    if (r < LEAK_CHANCE) {
      const by = this.#pick.chance(0.5) ? 'id' : 'fingerprint';
      this.leaked.add(value);
      this.#pending = { value, by };
      this.#round = this.#leakMode(value, by);
      this.sim.note(`key ${platform.keyIdOf(value)}, the workflow's, leaks: the user runs an emergency rotation naming it by ${by}`);
    } else if (r < LEAK_CHANCE + ALERTS_CHANCE) {
      this.#raiseAlerts(value);
      this.#round = { mode: 'alerts' };
      this.#alertRetries = ALERT_RETRIES;
    }
  }

  /**
   * The workflow's secret holds a dead leaked key and no listed target a working one: the user puts
   * a key made in the console in it, as the advice says. The key made, for the history's user.
   */
  mend(list: readonly string[], secretName: string, kind: SimKeyKind): string | undefined {
    const { world } = this.sim;
    const values = list.map((t) => world.held(t, secretName));
    if (values.some((v) => v !== undefined && world.platform.isKeyValid(v)) || !values.some((v) => v !== undefined && this.leaked.has(v)))
      return undefined;
    const made = world.consoleKey(kind);
    putHeld(world, list[0]!, secretName, made.key, new Date(this.sim.time.now()));
    this.sim.note(
      `user: puts key ${made.id}, made in the console, in ${list[0]}, as the advice says (no listed target holds a working key)`,
    );
    return made.key;
  }

  /** A converging run: an emergency rotation by hand while a leak the user answers is live, else a rotation. */
  drawConverging(): void {
    const pending = this.#pending;
    this.#round = pending && this.sim.world.platform.isKeyValid(pending.value) ? this.#leakMode(pending.value, 'id') : { mode: 'rotate' };
    if (this.#round.mode === 'leak') this.sim.note('converging: the user answers the leak by hand (leaked-key-id)');
  }

  /** True when `run` was an emergency rotation refused before anything changed (no record knows the key): not a converging run. */
  refused(run: RunResult): boolean {
    return run.spec.leakedKey !== undefined && run.error?.code === 'invalid-options';
  }

  /** The round's options for every run of it. */
  spec(): Partial<RunSpec> {
    if (this.#round.mode === 'leak') return { leakedKey: this.#round.leakedKey };
    return this.#round.mode === 'alerts' ? { alerts: { secretType: ALERT_SECRET_TYPE } } : {};
  }

  /**
   * After the round's runs: what broke the leak rule's promises; then the targets it leaves holding a
   * dead leaked key are excused (the documented window) until written again, and a refused leak is
   * left to the console (the user's, as the refusal says).
   */
  settle(runs: readonly RunResult[], excused: Excused): string[] {
    const { world } = this.sim;
    const out = this.#early.splice(0);
    if (this.#round.mode === 'rotate') return out;
    for (const run of runs) {
      const report = run.report ?? run.error?.report;
      const leakedId = report?.leak?.keyId;
      const live = (id: number | undefined) => id !== undefined && world.platform.listKeys().some((k) => k.id === id && !k.revoked);
      if (run.spec.leakedKey) {
        if (run.status === 'ok' && (!report?.leak?.revoked || live(leakedId)))
          out.push(`leak: ${run.id} ended well, and the leaked key ${leakedId ?? '?'} is live or not said revoked`);
        if (run.status === 'failed' && report?.leak?.revoked && live(leakedId))
          out.push(`leak: ${run.id} says the leaked key ${leakedId} was revoked, and it is live`);
        if (run.status === 'ok' || (run.status === 'failed' && run.error?.code === 'invalid-options')) {
          if (run.status !== 'ok') {
            this.sim.note(`user: leaves the leaked key to the console, as the refusal of ${run.id} says (no record knows it)`);
            // The user's to revoke from now on: no run's orphan (seeds 610000537, 600006034: a rebuilt record kept it).
            const id = this.#pending && world.platform.keyIdOf(this.#pending.value);
            if (id !== undefined) world.userKeyIds.add(id);
          }
          this.#pending = undefined;
        }
      }
      for (const answered of run.alertsReport?.answered ?? []) {
        if (live(answered.keyId)) out.push(`alerts: ${run.id} ended well, and alert #${answered.number}'s key ${answered.keyId} is live`);
      }
      if (run.spec.alerts && run.status === 'ok') this.#alertRetries = 0;
    }
    for (const target of world.pool) {
      for (const name of SECRET_NAMES) {
        // A Vercel deployment still running with the leaked key is left dead too (the leak rule revokes it whatever a deploy awaits).
        const value = world.held(target, name);
        if (value !== undefined && this.leaked.has(value) && !world.platform.isKeyValid(value)) excused.set(`${target} ${name}`, value);
        const served = target.startsWith('vercel:') ? world.served(target, name) : undefined;
        const deadServed = served !== undefined && this.leaked.has(served) && !world.platform.isKeyValid(served);
        if (deadServed) excused.set(deployedAt(target, name), served);
      }
    }
    return out;
  }

  #leakMode(value: string, by: 'id' | 'fingerprint'): Mode {
    const id = this.sim.world.platform.keyIdOf(value)!;
    return { mode: 'leak', leakedKey: by === 'id' ? { id } : { fingerprint: keyFingerprint(value) } };
  }

  /** The open alerts raised whose key works. */
  #openLive(): Array<{ value: string; managed: boolean }> {
    const open = this.sim.world.github.secretScanningAlerts(HOME).filter((a) => a.state === 'open');
    return open.flatMap((a) => {
      const raised = this.#alerts.get(a.number);
      return raised && this.sim.world.platform.isKeyValid(raised.value) ? [raised] : [];
    });
  }

  /** An alert of the workflow's key in the home repository (once), and now and then one of a key no record knows. */
  #raiseAlerts(value: string): void {
    const { github, platform, secrets, userKeyIds, userKeyValues } = this.sim.world;
    if (!this.#alertsGranted) {
      github.addToken(WRITE_TOKEN, 'write', { secretScanningAlerts: 'write' });
      this.#alertsGranted = true;
    }
    this.leaked.add(value);
    if (![...this.#alerts.values()].some((a) => a.value === value)) {
      const alert = github.raiseSecretScanningAlert(HOME, { secretType: ALERT_SECRET_TYPE, secret: value });
      this.#alerts.set(alert.number, { value, managed: true });
      this.sim.note(`alert #${alert.number} raised in ${HOME}: key ${platform.keyIdOf(value)}, the workflow's`);
    }
    if (this.#pick.chance(0.3)) {
      const unknown = platform.createKey('a key keyturn does not manage');
      for (const known of [secrets, userKeyValues]) known.add(unknown.key);
      userKeyIds.add(unknown.id);
      const alert = github.raiseSecretScanningAlert(HOME, { secretType: ALERT_SECRET_TYPE, secret: unknown.key });
      this.#alerts.set(alert.number, { value: unknown.key, managed: false });
      this.sim.note(`alert #${alert.number} raised in ${HOME}: key ${unknown.id}, which no record knows`);
    }
  }
}

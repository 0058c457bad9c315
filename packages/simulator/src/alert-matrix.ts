// The matrices' alert-mode rows (issue 20, item 6): answerLeakAlerts under every fault kind on every
// request of its clean run, and killed at every request, for each kind of key. The rig is
// leak-matrix.ts's (the record knows the key every target holds); that key is raised as a
// secret-scanning alert in the home repository, beside an alert of a key no record knows. After each
// case the user answers as the advice says (the family's rotation, for a target the run names as left
// without a working key) and the next scheduled run comes: then the leaked key is
// dead, its alert was resolved once, as revoked, and never while the key was live, the unknown key's
// alert is open and was never resolved, every target holds one working key, and no value was said.
// The faulted run itself is held to ending well or failing with a LeakAlertsError that says what to
// do: which requests of alert mode a fault may fail is answerLeakAlerts' own business, and what
// matters is where the user stands after the next run.

import { expectedOutcome, FAULT_KINDS } from './fault-kinds.js';
import { leaks } from './invariants.js';
import { answerLikeTheAdvice, converged, type LeakRig, type StartLeakRig, startLeakRig } from './leak-matrix.js';
import { type CrashCase, type FaultCase, MATRIX_SECRET, type Recorded, traceRequests } from './matrix.js';
import { type CaseResult, crashAt } from './matrix-cases.js';
import type { RunResult, RunSpec } from './simulation.js';
import { HOME, KEY_KINDS, type SimKeyKind, WRITE_TOKEN } from './world.js';

/** The custom pattern's secret type the alerts carry. */
export const ALERT_SECRET_TYPE = 'custom_pattern_platform_api_key';

interface AlertRig extends LeakRig {
  /** The alert of the leaked key, and the alert of a key no record knows. */
  alerts: { leaked: number; unknown: number };
  /** Alert mode's run over the rig's rotation (keep 2, no leaked key named: the alerts name it). */
  alertSpec(apiKey?: string): RunSpec;
  /** Broken order of effects seen while the runs went: the leaked key's alert resolved while the key was live. */
  early: string[];
}

/** leak-matrix.ts's rig, with the alerts token permission and the two alerts raised in the home repository. */
async function startAlertRig(kind: SimKeyKind, startLeak: StartLeakRig = startLeakRig): Promise<AlertRig> {
  const rig = await startLeak(kind);
  try {
    const { github, platform, secrets } = rig.sim.world;
    github.addToken(WRITE_TOKEN, 'write', { secretScanningAlerts: 'write' });
    const unknownKey = platform.createKey('a key keyturn does not manage').key;
    secrets.add(unknownKey);
    const alerts = {
      unknown: github.raiseSecretScanningAlert(HOME, { secretType: ALERT_SECRET_TYPE, secret: unknownKey }).number,
      leaked: github.raiseSecretScanningAlert(HOME, { secretType: ALERT_SECRET_TYPE, secret: rig.leaked.key }).number,
    };
    rig.sim.note(`alerts raised in ${HOME}: #${alerts.leaked} (key ${rig.leaked.id}), #${alerts.unknown} (a key no record knows)`);
    const early: string[] = [];
    // Checked after every answer, so a resolution that lands before the revocation is seen even when a later run hides it.
    rig.sim.afterAnswer.push(() => {
      if (early.length === 0 && alertOf(rig, alerts.leaked).state === 'resolved' && platform.isKeyValid(rig.leaked.key)) {
        early.push(`alert #${alerts.leaked} was resolved while the leaked key was live`);
      }
    });
    const alertSpec = (apiKey?: string): RunSpec => ({
      ...rig.spec(apiKey),
      leakedKey: undefined,
      alerts: { secretType: ALERT_SECRET_TYPE },
    });
    return { ...rig, alerts, alertSpec, early };
  } catch (error) {
    await rig.sim.close();
    throw error;
  }
}

function alertOf(rig: LeakRig, number: number) {
  const alert = rig.sim.world.github.secretScanningAlerts(HOME).find((a) => a.number === number);
  if (!alert) throw new Error(`alert #${number} of ${HOME} is gone`);
  return alert;
}

/** The requests of a clean alert-mode run of the rig, for each kind of key. */
export async function recordAlertRuns(): Promise<Recorded[]> {
  const out: Recorded[] = [];
  for (const kind of KEY_KINDS) {
    const rig = await startAlertRig(kind);
    try {
      const started = rig.sim.start(rig.alertSpec());
      await rig.sim.runAll([started]);
      const run = started.result;
      const problems = [...(run.status === 'ok' ? [] : [`ended ${run.status}: ${run.alertsError?.message ?? ''}`]), ...alertsSettled(rig)];
      if (problems.length) throw new Error(`the clean alert-mode run: ${problems.join('; ')}\n${rig.sim.trace.join('\n')}`);
      out.push({ kind, credential: 'token', targets: 'actions', requests: traceRequests(run.sent, kind === 'project') });
    } finally {
      await rig.sim.close();
    }
  }
  return out;
}

export function alertFaultCases(recorded: readonly Recorded[]): FaultCase[] {
  return recorded.flatMap(({ kind, credential, targets, requests }) =>
    requests.flatMap((request) =>
      FAULT_KINDS.map((fault) => ({
        kind,
        credential,
        targets,
        shape: 'full' as const,
        request,
        fault,
        outcome: expectedOutcome(request, fault),
      })),
    ),
  );
}

export function alertCrashCases(recorded: readonly Recorded[]): CrashCase[] {
  return recorded.flatMap(({ kind, credential, targets, requests }) =>
    requests.flatMap((request) =>
      [false, true].map((afterEffect) => ({ kind, credential, targets, shape: 'full' as const, request, afterEffect })),
    ),
  );
}

/** One fault case in alert mode: the faulted run ends well or says what to do; then the user's answer and the next scheduled run. */
export async function runAlertFaultCase(c: FaultCase, startLeak: StartLeakRig = startLeakRig): Promise<CaseResult> {
  const rig = await startAlertRig(c.kind, startLeak);
  const { sim } = rig;
  const out: string[] = [];
  try {
    sim.arm({
      service: c.request.service,
      method: c.request.method,
      path: c.request.path,
      nth: c.request.nth,
      effect: c.fault.effect(c.request.service),
      name: c.fault.name,
    });
    const run = sim.start(rig.alertSpec());
    await sim.runAll([run]);
    const emulator = sim.emulatorOf(c.request.service);
    if (!emulator.log.entries().some((e) => e.fault && e.fault !== 'delay')) out.push('the fault was never met');
    const result = run.result;
    if (result.status === 'ok') {
      // An ok run leaves no alert of its family open: the key is dead and its alert resolved.
      if (sim.world.platform.isKeyValid(rig.leaked.key)) out.push('the run ended well, and the leaked key is live');
      if (alertOf(rig, rig.alerts.leaked).state !== 'resolved') out.push("the run ended well, and the leaked key's alert is open");
      // Issue 31, item 4: open before the run and touched by no other, the alert was resolved by it (a lost reply too).
      else if (result.alertsReport?.answered.find((a) => a.number === rig.alerts.leaked)?.resolved !== true)
        out.push("the run resolved the leaked key's alert, and reports it did not");
    } else if (result.status !== 'failed' || !result.alertsError)
      out.push(`expected to end well or fail with a LeakAlertsError, the run ended ${result.status}: ${result.said.slice(-2).join(' ')}`);
    else if (!result.alertsError.summary.trim() || result.alertsError.advice.trim().length < 10)
      out.push('the failure does not say what happened and what to do');
    return { violations: [...out, ...(await nextRuns(rig, result))], trace: sim.trace };
  } finally {
    await sim.close();
  }
}

/** One crash case in alert mode: the run killed at the request, then the user's answer and the next scheduled run. */
export async function runAlertCrashCase(c: CrashCase, startLeak: StartLeakRig = startLeakRig): Promise<CaseResult> {
  const rig = await startAlertRig(c.kind, startLeak);
  const { sim } = rig;
  const out: string[] = [];
  try {
    const crashed = await crashAt(sim, rig.alertSpec(), c, out);
    return { violations: [...out, ...(await nextRuns(rig, crashed.result))], trace: sim.trace };
  } finally {
    await sim.close();
  }
}

/**
 * The user answers as the advice says: a target the emergency rotation names as left without a
 * working key is mended by the family's rotation (a console key in the workflow's secret first if
 * it holds none); then the next scheduled run answers the alerts, and the one after it finds nothing
 * of the family open and changes nothing. Then the leak is over, the alerts are as they must be,
 * every target holds one working key, and no run said a value.
 */
async function nextRuns(rig: AlertRig, first: RunResult): Promise<string[]> {
  const out: string[] = [];
  const runs = [first];
  const unwritten = first.alertsError?.report.rotations.flatMap((r) => r.leak?.unwritten ?? []) ?? [];
  for (const spec of unwritten) {
    const value = rig.sim.world.held(spec, MATRIX_SECRET);
    if (value !== undefined && rig.sim.world.platform.isKeyValid(value))
      out.push(`untruthful: ${spec} is named as left without a working key, and holds one`);
  }
  if (unwritten.length > 0) {
    rig.sim.note(`the user runs the family's rotation, as the advice says, for ${unwritten.join(' | ')}`);
    const mended = await answerLikeTheAdvice(rig, (apiKey) => ({ ...rig.spec(apiKey), leakedKey: undefined }));
    runs.push(mended);
    if (mended.status !== 'ok')
      out.push(`the family's rotation, run as the advice says, ended ${mended.status}: ${mended.error?.message ?? ''}`);
  }
  const rerun = await answerLikeTheAdvice(rig, rig.alertSpec);
  runs.push(rerun);
  out.push(...converged(rig, rerun));
  if (rerun.status === 'ok' && rerun.alertsReport?.answered.some((a) => !a.keyRevoked))
    out.push('the next run reports the leaked key live');
  const held = rig.held()[0];
  const after = rig.sim.start(rig.alertSpec(held));
  await rig.sim.runAll([after]);
  const again = after.result;
  if (again.status !== 'ok') out.push(`the run after ended ${again.status}: ${again.alertsError?.message ?? ''}`);
  else if (again.alertsReport!.rotations.length > 0) out.push('the run after rotated again, with the leak answered');
  out.push(...alertsSettled(rig), ...leaks(rig.sim.world, [...runs, again]));
  return out;
}

/** The leaked key is dead; its alert resolved once, as revoked, never while the key was live; the unknown key's alert never resolved. */
function alertsSettled(rig: AlertRig): string[] {
  const out = [...rig.early];
  if (rig.sim.world.platform.isKeyValid(rig.leaked.key)) out.push('the leaked key is live');
  const leaked = alertOf(rig, rig.alerts.leaked);
  const resolutions = leaked.history.filter((h) => h.state === 'resolved');
  if (leaked.state !== 'resolved' || resolutions.length !== 1 || resolutions[0]!.resolution !== 'revoked') {
    out.push(
      `alert #${leaked.number} of the leaked key: ${leaked.state}, history ` +
        `${JSON.stringify(leaked.history.map((h) => `${h.state}/${h.resolution}`))}, not resolved once as revoked`,
    );
  }
  const unknown = alertOf(rig, rig.alerts.unknown);
  if (unknown.state !== 'open' || unknown.history.length > 0)
    out.push(`alert #${unknown.number} of a key no record knows was changed: ${JSON.stringify(unknown.history)}`);
  return out;
}

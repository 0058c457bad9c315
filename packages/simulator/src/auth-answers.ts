// The platform's GET /auth answering another account or another kind of key (issue 36, item 4):
// for the round's run, the platform misreports the keys made from then on, or every key. The run
// must refuse before any secret is written, and revoke the key it made: the current key's kind is
// checked in the preflight (nothing made yet), the new key's account and kind in the verify step.

import type { AuthMisreport } from '@keyturn/emulator';
import type { Rng } from './prng.js';
import type { RunResult, Simulation } from './simulation.js';
import type { SimKeyKind } from './world.js';

interface AuthAnswerKind {
  name: string;
  misreport(kind: SimKeyKind): AuthMisreport;
  /** Where the run must refuse: the current key's answer is checked in the preflight, a new key's in the verify step. */
  step: 'preflight' | 'verify';
}

/** The other `auth_method`: a personal key is `api_key_user`, an organization's or project's `api_key_org`. */
const otherMethod = (kind: SimKeyKind) => (kind === 'personal' ? 'api_key_org' : 'api_key_user');

export const AUTH_ANSWERS: readonly AuthAnswerKind[] = [
  { name: 'a new key of another account', misreport: () => ({ account_id: 'account-elsewhere', keys: 'new' }), step: 'verify' },
  { name: 'a new key of another kind', misreport: (kind) => ({ auth_method: otherMethod(kind), keys: 'new' }), step: 'verify' },
  { name: 'every key of another kind', misreport: (kind) => ({ auth_method: otherMethod(kind), keys: 'all' }), step: 'preflight' },
];

export interface AuthMisreported {
  answer: AuthAnswerKind;
  /** Every secret's value before the run (invariants.ts snapshot). */
  secretsBefore: string;
}

/** The platform starts misreporting GET /auth as one of AUTH_ANSWERS (the seed picks which). */
export function misreportAuth(sim: Simulation, rng: Rng, kind: SimKeyKind, secretsBefore: string): AuthMisreported {
  const answer = rng.pick(AUTH_ANSWERS);
  sim.world.platform.misreportAuth(answer.misreport(kind));
  sim.note(`platform: GET /auth misreports ${answer.name}`);
  return { answer, secretsBefore };
}

/**
 * The platform answers truly again; what the run that met the misreport did, as violations: it
 * refused (auth-mismatch at the answer's step, or earlier for a reason of its own, having made no
 * key), changed no secret, and left none of the keys it made valid.
 */
export function afterAuthMisreport(sim: Simulation, met: AuthMisreported, run: RunResult, secretsAfter: string): string[] {
  const { platform } = sim.world;
  platform.misreportAuth(undefined);
  const out: string[] = [];
  // An alert-mode run reports its emergency rotation's failure as data in its alerts report.
  const error = run.error ?? run.alertsError?.report.failedRotations[0] ?? run.alertsReport?.failedRotations[0];
  const what = `GET /auth misreporting ${met.answer.name}`;
  // An alert-mode run with no live alert of its family makes no key, nor does a run whose key is not
  // due (rotate-every: no GET /auth at all): the misreport meets nothing.
  const idle = run.report !== undefined && 'idle' in run.report && run.report.idle !== undefined;
  const madeNone = (Boolean(run.spec.alerts) || idle) && run.status === 'ok' && !run.created.length;
  if (run.status !== 'failed' && !madeNone) out.push(`${what}: ${run.id} did not refuse (${run.status})`);
  else if (run.created.length && !(error?.code === 'auth-mismatch' && error.step === met.answer.step)) {
    const ended = `${error?.code ?? 'no RotationError'} at ${error?.step ?? '?'}`;
    out.push(`${what}: ${run.id} made a key, then failed with ${ended}, not auth-mismatch at ${met.answer.step}`);
  }
  if (secretsAfter !== met.secretsBefore) out.push(`${what}: ${run.id} changed a secret`);
  const live = run.created.filter((value) => platform.isKeyValid(value)).map((value) => platform.keyIdOf(value));
  if (live.length) out.push(`${what}: ${run.id} left key ${live.join(', ')} it made valid`);
  return out;
}

// The exhaustive matrices, in the simulator: every fault kind on every request of a rotation, and a
// run killed at every request (before and after it took effect), for each kind of key and both
// GitHub credentials. The requests come from a recorded clean run of the same world, so a request
// the protocol adds is covered without editing a list. The world is test/reliability's rotation
// rig: three targets of one repository, a family with two keys (the newer in every target), keep 1.
// The Codespaces rows run the same rig with Codespaces targets instead: the repository, organization
// and user forms with a token, the first two with the App (it cannot reach a user's secrets).
// The GitLab rows run the same rig with a project's and a group's CI/CD variable as targets and the target
// record in a GitLab project's variables (a personal key, GitLab's token).
// The Vercel rows run it with a repository secret and a Vercel production variable, whose project is
// redeployed and awaited before the old key goes: a fault on a deployment request keeps the old
// keys valid (the run warns), and the deployment running must hold a working key at every step.

import type { ResponseShape } from '@keyturn/emulator';
import type { TracedRequest } from './fault-kinds.js';
import { expectedOutcome, FAULT_KINDS, type FaultKind, isRecordRequest } from './fault-kinds.js';
import type { RunSpec, SentRequest } from './simulation.js';
import { Simulation } from './simulation.js';
import { type Credential, CREDENTIALS, KEY_KINDS, ORG_ID, PROJECT_ID, type SimKeyKind, storedAt } from './world.js';

export const MATRIX_TARGETS = ['repo:acme/app', 'env:acme/app:production', 'dependabot:acme/app'] as const;
/** The Codespaces rows' targets, in an organization of their own (the world's acme is a user account). */
export const CODESPACES_MATRIX_TARGETS = ['codespaces:beta/app', 'codespaces-org:beta:selected:app', 'codespaces-user:beta/app'] as const;
/** The GitLab rows' targets: a project variable of one environment scope, and a group variable of every scope. */
export const GITLAB_MATRIX_TARGETS = ['gitlab:acme/app:production', 'gitlab-group:acme'] as const;
/** The Vercel rows' targets: a repository secret and the production variable of a team's project. */
export const VERCEL_MATRIX_TARGETS = ['repo:acme/app', 'vercel:app@acme'] as const;
const VERCEL_PROJECT = { project: 'app', team: 'acme' };
/**
 * Which targets a matrix row rotates into: GitHub's Actions secrets, Codespaces secrets, GitLab's variables (with the record there), or a
 * repository and Vercel.
 */
export type MatrixTargetSet = 'actions' | 'codespaces' | 'gitlab' | 'vercel';
/** What the App may do on beta: the Codespaces rows' targets. */
const CODESPACES_APP_PERMISSIONS = { codespaces_secrets: 'write', organization_codespaces_secrets: 'write' } as const;
export const MATRIX_SECRET = 'NEON_API_KEY';
export const MATRIX_FAMILY = 'keyturn-matrix';
/** Every case's world and run start from this seed: the recorded run and each case's run agree up to the case's request. */
const MATRIX_SEED = 19;

/** A request of the recorded clean run, named so a fault can be armed on it and a crash placed at it. */
export interface MatrixRequest extends TracedRequest {
  /** 1 for the first request of this service, method and path, 2 for the second... */
  nth: number;
  /** Its place in the run (1-based): where a crash case kills the run. */
  index: number;
  /** `#5 verify: GET /api_keys (2nd)` */
  label: string;
}

export interface Rig {
  sim: Simulation;
  kind: SimKeyKind;
  credential: Credential;
  set: MatrixTargetSet;
  targets: readonly string[];
  /** The keep of every run of the rig: 1, or 2 (the previous key kept). */
  keep: number;
  /** The family's keys made before the run, oldest first; the last is in every target. */
  seeded: Array<{ id: number; key: string }>;
  spec(apiKey?: string): RunSpec;
  held(): Array<string | undefined>;
}

/** The targets of a row: the user's Codespaces secret only with a token. */
export function matrixTargets(set: MatrixTargetSet, credential: Credential): readonly string[] {
  if (set === 'actions') return MATRIX_TARGETS;
  if (set === 'gitlab') return GITLAB_MATRIX_TARGETS;
  if (set === 'vercel') return VERCEL_MATRIX_TARGETS;
  return credential === 'app' ? CODESPACES_MATRIX_TARGETS.filter((t) => !t.startsWith('codespaces-user')) : CODESPACES_MATRIX_TARGETS;
}

export async function startRig(
  kind: SimKeyKind,
  credential: Credential,
  shape: ResponseShape = 'full',
  set: MatrixTargetSet = 'actions',
  keep = 1,
): Promise<Rig> {
  const sim = await Simulation.start(MATRIX_SEED, undefined, shape);
  const { world } = sim;
  const targets = matrixTargets(set, credential);
  if (set === 'codespaces') {
    world.github.addOrg('beta');
    world.github.addRepo('beta/app');
    world.github.installApp(world.app.id, { owner: 'beta', permissions: { ...CODESPACES_APP_PERMISSIONS } });
  }
  const make = (name: string) =>
    kind === 'personal'
      ? world.platform.createKey(name)
      : world.platform.createOrgKey(ORG_ID, name, kind === 'project' ? { projectId: PROJECT_ID } : {});
  const seeded = [1, 2].map((day) => make(`${MATRIX_FAMILY}-2026010${day}T000000Z-seed`));
  for (const key of seeded) {
    world.secrets.add(key.key);
    world.learnValue(key.key, kind);
  }
  const writtenAt = new Date(sim.time.now() - 86_400_000);
  if (set === 'gitlab') {
    world.gitlab.setVariable(
      { project: 'acme/app' },
      { key: MATRIX_SECRET, value: seeded[1]!.key, environment_scope: 'production', masked: true, protected: true },
    );
    // Not hidden: a hidden variable's value cannot be read back, so a write that got no answer there is never proven not to have landed.
    world.gitlab.setVariable({ group: 'acme' }, { key: MATRIX_SECRET, value: seeded[1]!.key, masked: true });
  } else {
    for (const target of targets.filter((t) => !t.startsWith('vercel:')))
      world.github.putSecretValue(storedAt(target), MATRIX_SECRET, seeded[1]!.key, { writtenAt });
  }
  if (set === 'vercel') {
    world.vercel.setEnv(VERCEL_PROJECT, { key: MATRIX_SECRET, value: seeded[1]!.key, type: 'sensitive', target: ['production'] });
    // Production runs with the seeded key before the run: built at once, then builds take their time again.
    world.vercel.setBuildTimes({ queuedMs: 0, buildMs: 0 });
    world.vercel.deploy(VERCEL_PROJECT);
    world.vercel.setBuildTimes({ queuedMs: 1_000, buildMs: 30_000 });
  }
  const held = () => targets.map((t) => world.held(t, MATRIX_SECRET));
  return {
    sim,
    kind,
    credential,
    set,
    targets,
    keep,
    seeded,
    held,
    spec: (apiKey) => ({
      kind,
      credential,
      record: set === 'gitlab' ? 'gitlab' : 'github',
      targets: [...targets],
      secretName: MATRIX_SECRET,
      keep,
      retire: [],
      apiKey: apiKey ?? held()[0] ?? '',
      family: MATRIX_FAMILY,
    }),
  };
}

/** The requests of a clean rotation of the rig, each with its step (as test/reliability's traceRotation names them). */
export async function recordRotation(
  kind: SimKeyKind,
  credential: Credential,
  set: MatrixTargetSet = 'actions',
  keep = 1,
): Promise<MatrixRequest[]> {
  const rig = await startRig(kind, credential, 'full', set, keep);
  try {
    const run = rig.sim.start(rig.spec());
    await rig.sim.runAll([run]);
    if (run.result.status !== 'ok')
      throw new Error(`the clean rotation the cases are built from ended ${run.result.status}:\n${rig.sim.trace.join('\n')}`);
    return traceRequests(run.result.sent, kind === 'project');
  } finally {
    await rig.sim.close();
  }
}

export function traceRequests(sent: readonly SentRequest[], managed: boolean): MatrixRequest[] {
  const seen = new Map<string, number>();
  const requests = sent.map((request, i) => {
    const key = `${request.service} ${request.method} ${request.path}`;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    // With a managing key, the organization's key routes are its requests; the rest are the run's key's.
    const byManagingKey = managed && request.service === 'platform' && /^\/organizations\/[^/]+\/api_keys/.test(request.path);
    return { ...request, nth, index: i + 1, byManagingKey };
  });
  const create = requests.findIndex((r) => r.service === 'platform' && r.method === 'POST');
  // A secret's write (GitHub's and GitLab's are PUTs); the record's writes are not (GitLab's record is written with PUT too).
  // Vercel's writes (POST .../env) and its deployments (awaited before the revocations) are the store step's too.
  const lastWrite = requests.findLastIndex((r) => (r.method === 'PUT' && !isRecordRequest(r)) || r.service === 'vercel');
  // Verifying is the platform requests between the create and the store step's first request elsewhere.
  const stored = requests.findIndex((r, i) => i > create && r.service !== 'platform');
  return requests.map((request, i) => {
    const step =
      i < create
        ? 'preflight'
        : i === create
          ? 'create'
          : i > lastWrite
            ? 'revoke'
            : i < stored && request.service === 'platform'
              ? 'verify'
              : 'store';
    const rank = request.nth === 1 ? '' : ` (${ordinal(request.nth)})`;
    return { ...request, step, label: `#${i + 1} ${step}: ${request.service} ${request.method} ${request.path}${rank}` };
  });
}

/**
 * Both answer shapes, as the process-level matrix ran them: every field (`full`), and only what the
 * published descriptions require (`sparse`); a rotation makes the same requests in both.
 */
const SHAPES: readonly ResponseShape[] = ['full', 'sparse'];

export interface FaultCase {
  kind: SimKeyKind;
  credential: Credential;
  targets: MatrixTargetSet;
  /** The rig's keep: 1 unless a keep-2 row. */
  keep?: number;
  shape: ResponseShape;
  request: MatrixRequest;
  fault: FaultKind;
  /** `keeps-keys`: the run ends ok with the new key everywhere, but a deployment still uses an older key, which stays valid. */
  outcome: 'recovers' | 'fails' | 'keeps-keys';
}

export interface CrashCase {
  kind: SimKeyKind;
  credential: Credential;
  targets: MatrixTargetSet;
  /** The rig's keep: 1 unless a keep-2 row. */
  keep?: number;
  shape: ResponseShape;
  request: MatrixRequest;
  afterEffect: boolean;
}

export interface Recorded {
  kind: SimKeyKind;
  credential: Credential;
  targets: MatrixTargetSet;
  /** The rig's keep (1 unless a keep-2 row). */
  keep?: number;
  requests: MatrixRequest[];
}

/** Each kind of key with each credential, its clean run recorded. */
export async function recordAll(): Promise<Recorded[]> {
  const out: Recorded[] = [];
  for (const kind of KEY_KINDS)
    for (const credential of CREDENTIALS)
      out.push({ kind, credential, targets: 'actions', requests: await recordRotation(kind, credential) });
  return out;
}

/**
 * The Codespaces rows: a personal key (the kinds of key differ on the platform's side only, which
 * the rows above cover) with each credential, its clean run into Codespaces targets recorded.
 */
export async function recordCodespaces(): Promise<Recorded[]> {
  const out: Recorded[] = [];
  for (const credential of CREDENTIALS) {
    out.push({ kind: 'personal', credential, targets: 'codespaces', requests: await recordRotation('personal', credential, 'codespaces') });
  }
  return out;
}

/** The Vercel rig's clean run (a personal key, GitHub's token: the kinds and credentials differ elsewhere), recorded. */
export async function recordVercel(): Promise<Recorded[]> {
  return [{ kind: 'personal', credential: 'token', targets: 'vercel', requests: await recordRotation('personal', 'token', 'vercel') }];
}

/**
 * The keep-2 rows (issue 36, item 4): a personal key with a token into the Actions targets, and into
 * the GitLab ones, keep 2, so a run ending well keeps the key the targets held and revokes the older one.
 */
export async function recordKeep2(): Promise<Recorded[]> {
  const out: Recorded[] = [];
  for (const set of ['actions', 'gitlab'] as const)
    out.push({ kind: 'personal', credential: 'token', targets: set, keep: 2, requests: await recordRotation('personal', 'token', set, 2) });
  return out;
}

/** The GitLab rig's clean run (a personal key; GitLab's token: no GitHub App there), recorded. */
export async function recordGitLab(): Promise<Recorded[]> {
  return [{ kind: 'personal', credential: 'token', targets: 'gitlab', requests: await recordRotation('personal', 'token', 'gitlab') }];
}

export const isInstallationTokenRevocation = (r: TracedRequest) =>
  r.service === 'github' && r.method === 'DELETE' && r.path === '/installation/token';

export function faultCases(recorded: readonly Recorded[]): FaultCase[] {
  return recorded.flatMap(({ kind, credential, targets, keep = 1, requests }) =>
    requests.flatMap((request) =>
      SHAPES.flatMap((shape) =>
        FAULT_KINDS.map((fault) => ({
          kind,
          credential,
          targets,
          keep,
          shape,
          request,
          fault,
          // Revoking the App's token ends a rotation that is done: its failure is a warning (it expires within the hour).
          outcome: isInstallationTokenRevocation(request) ? ('recovers' as const) : expectedOutcome(request, fault),
        })),
      ),
    ),
  );
}

export function crashCases(recorded: readonly Recorded[]): CrashCase[] {
  return recorded.flatMap(({ kind, credential, targets, keep = 1, requests }) =>
    requests.flatMap((request) =>
      SHAPES.flatMap((shape) => [false, true].map((afterEffect) => ({ kind, credential, targets, keep, shape, request, afterEffect }))),
    ),
  );
}

/** 1st, 2nd, 3rd, 4th... */
export function ordinal(n: number): string {
  return `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
}

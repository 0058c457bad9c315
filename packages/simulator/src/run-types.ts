// The shapes of a simulated run (simulation.ts): what it is started with (RunSpec, a crash point, a
// fault armed on a request), what it sent, and how it ended (RunResult).

import type { FaultSpec } from '@keyturn/emulator';
import type { LeakAlertsError, LeakAlertsReport, RotationError, RotationReport } from '@keyturn/rotation';
import type { Credential, SimKeyKind } from './world.js';

export type Service = 'platform' | 'github' | 'gitlab' | 'vercel';

/** Where a run is killed: at its nth request (1-based), before it reaches the emulator or after it took effect; or at a virtual time. */
export type CrashPoint = { request: number; afterEffect: boolean } | { atMs: number };

/** A fault armed on the nth request of a method and path (a pattern, as the fault book takes). */
export interface ArmedFault {
  service: Service;
  method: string;
  path: string;
  nth: number;
  effect: Omit<FaultSpec, 'method' | 'path'>;
  name: string;
}

export interface RunSpec {
  kind: SimKeyKind;
  credential: Credential;
  targets: string[];
  secretName: string;
  keep: number;
  retire: string[];
  /** The key the run starts with (the value the workflow's secret holds). */
  apiKey: string;
  /** The key name prefix, pinned: the matrix's seeded family, or one the user gave (the Action's key-name-prefix). */
  family?: string;
  /** rebuild-record, once the user turned it on (the library's `rebuildRecord`). */
  rebuildRecord?: boolean;
  /** revoke-key-ids (the library's `revokeKeyIds`). */
  revokeKeyIds?: number[];
  /** Where the target record is kept: the home repository's variables (default), or the home GitLab project's. */
  record?: 'github' | 'gitlab';
  /** An emergency rotation: the leaked key (leaked-key-id or leaked-key-fingerprint; the library's `leakedKey`). */
  leakedKey?: { id: number } | { fingerprint: string };
  /** Alert mode: answerLeakAlerts over this rotation, for the open alerts of this secret type in the home repository. */
  alerts?: { secretType: string };
  /** An organization rotation's managing key, from its own secret (the user's; none by default). */
  managingApiKey?: string;
  /** A stuck family whose cause the user fixed: the run clears the mark, then rotates (the library's `acknowledge`). */
  acknowledge?: boolean;
  /** Starts this long after the round does (a second workflow, a hand run, the CLI elsewhere). */
  startAfterMs?: number;
  /** Rotation by the clock (issue 33): rotate-every and revoke-after, as the Action takes them (`7d`, `24h`). */
  rotateEvery?: string;
  revokeAfter?: string;
  /** dry-run: check everything, change nothing. */
  dryRun?: boolean;
  /** vercel-redeploy (default true). */
  vercelRedeploy?: boolean;
  crash?: CrashPoint;
}

/** A request a run sent, in the order sent: path relative to the service's API root, no query. */
export interface SentRequest {
  service: Service;
  method: string;
  path: string;
}

export interface RunResult {
  id: string;
  spec: RunSpec;
  status: 'ok' | 'failed' | 'crashed' | 'stuck';
  report?: RotationReport;
  error?: RotationError;
  /** Every line the run logged, and what it said when it ended. */
  said: string[];
  /** Alert mode: what answering the alerts did, or the LeakAlertsError it ended with. */
  alertsReport?: LeakAlertsReport;
  alertsError?: LeakAlertsError;
  /** Key values handed to onKeyCreated. */
  created: string[];
  requests: number;
  /** Every request the run sent (the matrix derives its cases from a clean run's). */
  sent: SentRequest[];
}

/** The request a run just had answered (afterAnswer's argument). */
export interface Answered {
  run: RunResult;
  service: Service;
  method: string;
  path: string;
}

export interface Run {
  result: RunResult;
  settled: boolean;
  /** Kills the run now, as a SIGKILL would (a no-op once it ended): a test kills it where the run waits. */
  kill(why: string): void;
}

// Where a rotated key is written: a store that takes values sealed with its public key (GitHub's
// secrets) or one that takes the value itself over TLS (GitLab's variables). Vault or others can be
// added without touching the rotation protocol.

import { KeyturnError } from '@keyturn/api';

/** A target's public key, which every secret written to it is sealed with. */
export interface TargetPublicKey {
  keyId: string;
  /** base64 of the 32-byte public key that secrets for this target are sealed with. */
  key: string;
  /**
   * The service's own clock when it served this key (GitHub: the response's `Date` header). With
   * `readSecretMeta`, it lets a run tell that a write which got no answer never landed.
   */
  servedAt?: Date;
}

/** What a service says of a stored secret (never its value). */
export interface SecretMeta {
  name: string;
  createdAt?: string;
  /** When the value last changed, by the service's clock (the one `servedAt` reads). */
  updatedAt?: string;
}

/** How a write is meant: a rotation's write, or a rollback's. */
export interface WriteOptions {
  /** The value the secret held before this run is being written back (a rollback). */
  restore?: boolean;
}

/** What every target has, however it takes a value. */
export interface TargetBase {
  /** The target as a spec (`repo:acme/web`), for reports and logs. */
  describe(): string;
  /**
   * Which secret store this is, the same however the target is spelled (GitHub: lowercased, an
   * organization secret without its visibility). Names the family and catches duplicate targets;
   * `describe()` stands in when absent.
   */
  identity?(): string;
  /** Checks what writing `secretName` needs (resolves repository names, reads access); no side effects. */
  prepare?(secretName: string): Promise<void>;
  /**
   * The secret's metadata, or undefined when it does not exist yet. Read only after a write that got
   * no answer: an `updatedAt` earlier than the public key's `servedAt` proves the write never landed.
   */
  readSecretMeta?(name: string): Promise<SecretMeta | undefined>;
  /**
   * For a store whose value reaches what runs only once it is deployed (a Vercel project): after
   * every write, whether what runs now uses the value written, redeploying first when the target
   * is set to. Until it does, the run keeps valid every key the target may hold (I1).
   */
  reachRuntime?(name: string, signal?: AbortSignal): Promise<RuntimeReach>;
  /**
   * For a target that waits on the user's deploy (it does not redeploy itself): what serves now, and
   * whether it was made after `writtenAt` (the service's clock), so it uses the value written then or
   * a newer one. Undefined for a target that redeploys: only a full run redeploys it again.
   */
  servingSince?(writtenAt: number): Promise<ServingNow | undefined>;
}

/** What a deployed target serves now, next to a write (`servingSince`). */
export interface ServingNow {
  serving?: DeploymentRef;
  /** A deployment made after the write serves: the keys before that write have left the target's deployments. */
  since: boolean;
}

/** A deployment a notice or the record names. */
export interface DeploymentRef {
  id: string;
  url: string;
  /** The service's clock, in milliseconds. */
  createdAt: number;
}

/**
 * How far a written value reached what runs (`reachRuntime`): `live` (nothing to deploy: Vercel's
 * development variables, pulled by a developer), `deployed` (a deployment made after the write is
 * READY), `not-ready` (the redeploy ended in ERROR or CANCELED, was still building at the deadline,
 * or could not be made: `error`), `awaiting-deploy` (no redeploy: the next deploy uses it). `serving`
 * is the deployment running now (built with an older value), `writtenAt` the write, by the service's clock.
 */
export type RuntimeReach =
  | { state: 'live'; encryptedNotSensitive?: boolean }
  | { state: 'deployed'; deployment: DeploymentRef }
  | { state: 'not-ready'; deployment?: DeploymentRef; readyState?: string; error: string; serving?: DeploymentRef; writtenAt?: number }
  | { state: 'awaiting-deploy'; serving?: DeploymentRef; writtenAt?: number };

/**
 * A target that takes values sealed with its own public key (GitHub's secrets): the rotation seals
 * the value, and the target never sees the key in clear. `takes` may be left out.
 */
export interface SealedSecretTarget extends TargetBase {
  takes?: 'sealed';
  /**
   * The target's own public key, fetched from the service each time it is called. A rotation calls
   * it once, in the preflight, and seals every write of the run with that key.
   */
  fetchPublicKey(): Promise<TargetPublicKey>;
  /**
   * Writes (creates or updates) the secret `name`, already sealed with the key `keyId`. Throw a
   * TargetError with status 422 when `keyId` is no longer the target's key: the rotation then fetches
   * the key again and retries once. `restore` marks a rollback writing back the value the secret
   * held before the run: give back anything else the run's write changed (an organization secret's
   * visibility, read by `prepare`).
   */
  writeSecret(name: string, sealedValue: string, keyId: string, options?: WriteOptions): Promise<void>;
}

/**
 * A target that takes the value itself, over TLS (GitLab's CI/CD variables: the service has no
 * public key to seal with). It must never put the value in a log line, an error or a message.
 */
export interface PlainValueTarget extends TargetBase {
  takes: 'plain';
  /**
   * Why the target cannot hold `value` (a rule of the service, never quoting the value), or
   * undefined when it can. The preflight asks it of the current key, before anything is made.
   */
  valueProblem?(value: string): string | undefined;
  /** Writes (creates or updates) `name` with `value`; refuses, before sending, a value `valueProblem` refuses. */
  writeValue(name: string, value: string, options?: WriteOptions): Promise<void>;
  /**
   * Whether `name` holds `value` now, read after a write that got no answer (false proves it did not
   * land); undefined when the service does not show the value (GitLab: a hidden variable).
   */
  holdsValue?(name: string, value: string): Promise<boolean | undefined>;
}

/**
 * Where a rotated key is written: implement one of the two forms to rotate into a store of your own
 * (Vault, ...) and pass the objects as rotateKey's `targets`. A `SealedSecretTarget` (the default)
 * gets the value sealed with its public key; a `PlainValueTarget` (`takes: 'plain'`) gets the value.
 */
export type SecretTarget = SealedSecretTarget | PlainValueTarget;

/** Whether a target takes the value itself rather than a sealed box. */
export function takesPlainValue(target: SecretTarget): target is PlainValueTarget {
  return target.takes === 'plain';
}

/** The identity of a target: its own, else its description. */
export function identityOf(target: Pick<SecretTarget, 'describe' | 'identity'>): string {
  return target.identity?.() ?? target.describe();
}

/** What a TargetError says: the failure, the target, and what to do about it. */
export interface TargetErrorInit {
  /** What failed and why, e.g. "writing the secret X for repo:acme/web failed: GitHub answered 403". */
  message: string;
  /** The target as its `describe()` reads. */
  target: string;
  /** The service's HTTP status; absent when no answer came. */
  status?: number;
  /** What the user should do about it. */
  advice: string;
  /**
   * True when the request may have taken effect although it failed (`mayHaveLanded`): the
   * rotation then treats the target as possibly holding the new key. Default false.
   */
  mayHaveTakenEffect?: boolean;
  cause?: unknown;
}

/**
 * Whether a failed write may have landed: no answer, a 5xx, or an earlier attempt of the same
 * request that got neither (the retry's answer, a 404 say, does not prove the first did nothing).
 */
export function mayHaveLanded(status: number | undefined, retriedUnanswered: boolean): boolean {
  return status === undefined || status >= 500 || retriedUnanswered;
}

/**
 * What a target throws when the service refused or failed: the status (undefined when no answer came)
 * and a message that says what to do. Never holds a secret value or a credential.
 */
export class TargetError extends KeyturnError {
  override name = 'TargetError';
  /** The target as its `describe()` reads. */
  readonly target: string;
  /** The service's HTTP status; undefined when no answer came. */
  readonly status: number | undefined;
  /** What the user should do about it. */
  readonly advice: string;
  /** True when the request may have taken effect although it failed (`mayHaveLanded`). */
  readonly mayHaveTakenEffect: boolean;

  constructor(init: TargetErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.target = init.target;
    this.status = init.status;
    this.advice = init.advice;
    this.mayHaveTakenEffect = init.mayHaveTakenEffect ?? false;
  }
}

/** What to do about a target failure; a TargetError knows, anything else is generic. */
export function targetAdvice(error: unknown): string {
  return error instanceof TargetError ? error.advice : 'Check the target spec and the token, then run again.';
}

// Where a rotated key is written. GitHub implements it today; GitLab or Vault can be added later
// without touching the rotation protocol.

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

/**
 * Where a rotated key is written: implement it to rotate into a store of your own (GitLab, Vault,
 * ...) and pass the objects as rotateKey's `targets`. The rotation seals the value with the
 * target's public key; a target never sees the key in clear.
 */
export interface SecretTarget {
  /** The target as a spec (`repo:acme/web`), for reports and logs. */
  describe(): string;
  /**
   * Which secret store this is, the same however the target is spelled (GitHub: lowercased, an
   * organization secret without its visibility). Names the family and catches duplicate targets;
   * `describe()` stands in when absent.
   */
  identity?(): string;
  /** Checks what writing `secretName` needs beyond the public key (resolves repository names); no side effects. */
  prepare?(secretName: string): Promise<void>;
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
  /**
   * The secret's metadata, or undefined when it does not exist yet. Read only after a write that got
   * no answer: an `updatedAt` earlier than the public key's `servedAt` proves the write never landed.
   */
  readSecretMeta?(name: string): Promise<SecretMeta | undefined>;
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
   * True when the request may have taken effect although it failed (no answer, or a 5xx): the
   * rotation then treats the target as possibly holding the new key. Default false.
   */
  mayHaveTakenEffect?: boolean;
  cause?: unknown;
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
  /** True when the request may have taken effect although it failed (no answer, or a 5xx). */
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

// What the rotation needs of the platform client (@keyturn/api's PlatformClient fits), and how its
// failures read to a user.

import { ApiError, AuthenticationError, NotFoundError, PermissionDeniedError, type PlatformClient, RateLimitError } from '@keyturn/api';
import { describeKind, describeKindWithArticle, type KeyScope, PERSONAL } from './key-kind/key-kind.js';
import { isManagingKeyFailure } from './key-kind/managing-key.js';
import { option } from './option-names.js';
import type { KeyEntry } from './family-members.js';

/** A key as the platform lists it: what the plans read (family-members.ts). */
export type PlatformKey = KeyEntry;

export interface RotationPlatformClient {
  apiKeys: {
    create(body: { key_name: string }): Promise<{ id: number; key: string; name?: string; created_at?: string }>;
    list(): Promise<PlatformKey[]>;
    revoke(keyId: number): Promise<unknown>;
  };
  /** GET /auth with the rotated (or new) key itself, never the managing key: its account and kind. */
  authDetails(): Promise<{ account_id: string; auth_method: string }>;
  /** GET /auth with the managing key, when there is one: whether it is an organization's key (and may be in the listing). */
  managingAuthDetails?(): Promise<{ account_id: string; auth_method: string }>;
  /**
   * The same client with another key: the new key verifies and revokes with itself. (With a
   * managing key, it proves itself and the managing key lists and revokes: key-kind/kind-client.ts.)
   */
  withApiKey(apiKey: string): RotationPlatformClient;
  /** The same client whose requests `signal` aborts: the requests that move a rotation forward. */
  withOptions(options: { signal?: AbortSignal }): RotationPlatformClient;
}

/**
 * A request that failed this way may have taken effect: look before doing anything. @keyturn/api
 * decides it where the method, the status and what was sent are known (a lost answer, a 5xx, an
 * unreadable 2xx, an abort in flight); anything that is not an ApiError (a bug, a custom fetch)
 * may hide a done deed too.
 */
export function mayHaveTakenEffect(error: unknown): boolean {
  return error instanceof ApiError ? error.mayHaveTakenEffect : true;
}

/** Failures that a later attempt may not see: the platform was down, slow or busy. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && error.transient;
}

/**
 * The rotation's view of @keyturn/api's client: the keys listed whole (a family is a handful of
 * keys; `list()` pages through them), and every client derived from it (another key, a signal)
 * seen the same way.
 */
export function rotationClient(client: PlatformClient): RotationPlatformClient {
  return {
    apiKeys: {
      create: (body) => client.apiKeys.create(body),
      list: () => client.apiKeys.list().toArray(),
      revoke: (keyId) => client.apiKeys.revoke(keyId),
    },
    authDetails: () => client.auth.getDetails(),
    withApiKey: (apiKey) => rotationClient(client.withApiKey(apiKey)),
    withOptions: (options) => rotationClient(client.withOptions(options)),
  };
}

export function currentKeyRejectedAdvice(secretName: string): string {
  return (
    `The key in the secret ${secretName} no longer works (revoked or invalid). Make a key in the platform ` +
    `console, put it in the secret ${secretName}, then run once with ${option('revokeKeyIds')} naming the old key's id ` +
    'so nothing stays valid that should not.'
  );
}

/**
 * The platform refused the rotated key (or the new key): a 401 of a request made with it. A refusal
 * of the managing key is not one (it says nothing of a newer rotation, I6).
 */
export function rotatedKeyRefused(error: unknown): boolean {
  return error instanceof AuthenticationError && !isManagingKeyFailure(error);
}

const PERSONAL_SCOPE: KeyScope = { keyKind: PERSONAL, managed: false };

/** Advice for a platform failure of the current key (preflight, create, rollbacks), or of the managing key. */
export function platformAdvice(error: unknown, secretName: string, nothingChanged: boolean, scope: KeyScope = PERSONAL_SCOPE): string {
  const rerun = nothingChanged ? 'Nothing was changed: run again' : 'Run again';
  if (isManagingKeyFailure(error)) return managingKeyAdvice(error, scope, rerun);
  if (error instanceof AuthenticationError) return currentKeyRejectedAdvice(secretName);
  const { keyKind } = scope;
  if (error instanceof PermissionDeniedError) {
    if (keyKind.kind === 'personal') {
      return `The key in the secret ${secretName} may not manage API keys: use a key of an account that can, then run again.`;
    }
    if (!scope.managed) {
      return (
        `The key in the secret ${secretName} may not manage the API keys of organization ${keyKind.orgId}: it must be an ` +
        `organization key of ${option('keyKind.orgId')} ${keyKind.orgId} (or pass a ${option('managingApiKey')} that may), then ` +
        `run again.`
      );
    }
    return (
      `The key in the secret ${secretName} cannot read ${scopeName(scope)}: it must be ${describeKindWithArticle(keyKind)} ` +
      `(check ${option('keyKind')}, ${option('keyKind.orgId')} and ${option('keyKind.projectId')}), then run again.`
    );
  }
  if (error instanceof NotFoundError && keyKind.kind !== 'personal') {
    return (
      `The platform does not know ${scopeName(scope)}: ` +
      `check ${option('keyKind.orgId')}${keyKind.kind === 'project' ? ` and ${option('keyKind.projectId')}` : ''}, then run ` +
      `again. ${nothingChanged ? 'Nothing was changed.' : ''}`
    ).trim();
  }
  return transientAdvice(error, rerun);
}

/** The managing key failed: the advice names it, never the rotated key's secret. */
function managingKeyAdvice(error: unknown, scope: KeyScope, rerun: string): string {
  const orgId = scope.keyKind.kind === 'personal' ? '' : scope.keyKind.orgId;
  const allowed =
    scope.keyKind.kind === 'organization'
      ? `a personal key of an admin of organization ${orgId}, or an organization key of it`
      : `a personal key of a member of organization ${orgId}, or an organization key of it`;
  if (error instanceof AuthenticationError) {
    return (
      `The key in ${option('managingApiKey')} no longer works (revoked or invalid): put a working key (${allowed}) in the secret ` +
      `that ${option('managingApiKey')} reads, then run again. The rotated key was not the problem.`
    );
  }
  if (error instanceof PermissionDeniedError) {
    return (
      `The key in ${option('managingApiKey')} may not manage the keys of ${describeKind(scope.keyKind)}: it must be ${allowed}. ` +
      `Fix the secret that ${option('managingApiKey')} reads, then run again.`
    );
  }
  if (error instanceof NotFoundError)
    return (
      `The platform does not know ${scopeName(scope)}: check ${option('keyKind.orgId')} and ${option('keyKind.projectId')}, then ` +
      `run again.`
    );
  return transientAdvice(error, rerun);
}

function transientAdvice(error: unknown, rerun: string): string {
  if (error instanceof RateLimitError) return `The platform rate-limited the run. ${rerun} in a minute.`;
  if (isTransient(error)) return `The platform did not answer or failed. ${rerun} later.`;
  return `${rerun} once the cause above is fixed.`;
}

function scopeName({ keyKind }: KeyScope): string {
  return keyKind.kind === 'project'
    ? `project ${keyKind.projectId} of organization ${keyKind.orgId}`
    : `organization ${keyKind.kind === 'organization' ? keyKind.orgId : ''}`;
}

/** What an error says, naming the managing key when the request was made with it. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return isManagingKeyFailure(error) ? `with the key in ${option('managingApiKey')}: ${message}` : message;
}

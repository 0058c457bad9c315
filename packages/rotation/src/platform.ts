// What the rotation needs of the platform client (@keyturn/api's PlatformClient fits), and how its
// failures read to a user.

import {
  ApiError,
  AuthenticationError,
  PermissionDeniedError,
  type PlatformClient,
  RateLimitError,
} from '@keyturn/api';

export interface PlatformKey {
  id: number;
  name: string;
  created_at: string;
  last_used_at?: string | null;
}

export interface RotationPlatformClient {
  apiKeys: {
    create(body: { key_name: string }): Promise<{ id: number; key: string; name?: string; created_at?: string }>;
    list(): Promise<PlatformKey[]>;
    revoke(keyId: number): Promise<unknown>;
  };
  /** The same client with another key: the new key verifies and revokes with itself. */
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
    withApiKey: (apiKey) => rotationClient(client.withApiKey(apiKey)),
    withOptions: (options) => rotationClient(client.withOptions(options)),
  };
}

export function currentKeyRejectedAdvice(secretName: string): string {
  return (
    `The key in the secret ${secretName} no longer works (revoked or invalid). Make a key in the platform ` +
    `console, put it in the secret ${secretName}, then run once with revoke-key-ids naming the old key's id ` +
    'so nothing stays valid that should not.'
  );
}

/** Advice for a platform failure of the current key (preflight, create, rollbacks). */
export function platformAdvice(error: unknown, secretName: string, nothingChanged: boolean): string {
  const rerun = nothingChanged ? 'Nothing was changed: run again' : 'Run again';
  if (error instanceof AuthenticationError) return currentKeyRejectedAdvice(secretName);
  if (error instanceof PermissionDeniedError) {
    return `The key in the secret ${secretName} may not manage API keys: use a key of an account that can, then run again.`;
  }
  if (error instanceof RateLimitError) return `The platform rate-limited the run. ${rerun} in a minute.`;
  if (isTransient(error)) return `The platform did not answer or failed. ${rerun} later.`;
  return `${rerun} once the cause above is fixed.`;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

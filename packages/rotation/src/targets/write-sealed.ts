// One write of a value to a target, sealed with the target's public key: the key the preflight
// fetched when there is one (one fetch per target per run), else fetched now.
// https://docs.github.com/en/rest/guides/encrypting-secrets-for-the-rest-api

import { sealSecret } from '../seal.js';
import { type SecretTarget, TargetError, type TargetPublicKey } from './secret-target.js';

/**
 * Writes `value` sealed with `publicKey`, or with a key fetched now when none is given. A key that
 * changed since it was fetched makes GitHub refuse the write with 422 (a stale key_id): the key is
 * then fetched once more and, if it did change, the write is retried once. Returns the key used.
 */
export async function writeSealed(
  target: SecretTarget,
  secretName: string,
  value: string,
  publicKey?: TargetPublicKey,
): Promise<TargetPublicKey> {
  const known = publicKey ?? (await target.fetchPublicKey());
  try {
    await sealAndWrite(target, secretName, value, known);
    return known;
  } catch (error) {
    if (!publicKey || !(error instanceof TargetError) || error.status !== 422) throw error;
    const fresh = await fetchAgain(target, error);
    // The same key: the 422 is about something else (the name, the value), and a retry changes nothing.
    if (fresh.keyId === known.keyId && fresh.key === known.key) throw error;
    await sealAndWrite(target, secretName, value, fresh);
    return fresh;
  }
}

async function sealAndWrite(target: SecretTarget, secretName: string, value: string, publicKey: TargetPublicKey): Promise<void> {
  const sealed = await sealSecret(value, publicKey.key);
  await target.writeSecret(secretName, sealed, publicKey.keyId);
}

/** The write was refused (it did not land), whatever fetching the key again does. */
async function fetchAgain(target: SecretTarget, refused: TargetError): Promise<TargetPublicKey> {
  try {
    return await target.fetchPublicKey();
  } catch (error) {
    const message = `${refused.message}; fetching its public key again failed: ${error instanceof Error ? error.message : String(error)}`;
    throw new TargetError(message, refused.target, refused.status, targetAdvice(error), false);
  }
}

/** What to do about a target failure; a TargetError knows, anything else is generic. */
export function targetAdvice(error: unknown): string {
  return error instanceof TargetError ? error.advice : 'Check the target spec and the token, then run again.';
}

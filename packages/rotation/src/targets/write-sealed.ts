// One write of a value to a target, sealed with the target's public key the preflight fetched (one
// fetch per target per run).
// https://docs.github.com/en/rest/guides/encrypting-secrets-for-the-rest-api

import { describeError } from '../platform.js';
import { sealSecret } from '../seal.js';
import { type SealedSecretTarget, TargetError, type TargetPublicKey, targetAdvice, type WriteOptions } from './secret-target.js';

/**
 * Writes `value` sealed with `publicKey`. A key that
 * changed since it was fetched makes GitHub refuse the write with 422 (a stale key_id): the key is
 * then fetched once more and, if it did change, the write is retried once. Returns the key used.
 */
export async function writeSealed(
  target: SealedSecretTarget,
  secretName: string,
  value: string,
  known: TargetPublicKey,
  options?: WriteOptions,
): Promise<TargetPublicKey> {
  try {
    await sealAndWrite(target, secretName, value, known, options);
    return known;
  } catch (error) {
    if (!(error instanceof TargetError) || error.status !== 422) throw error;
    const fresh = await fetchAgain(target, error);
    // The same key: the 422 is about something else (the name, the value), and a retry changes nothing.
    if (fresh.keyId === known.keyId && fresh.key === known.key) throw error;
    await sealAndWrite(target, secretName, value, fresh, options);
    return fresh;
  }
}

async function sealAndWrite(
  target: SealedSecretTarget,
  secretName: string,
  value: string,
  publicKey: TargetPublicKey,
  options: WriteOptions | undefined,
): Promise<void> {
  const sealed = await sealSecret(value, publicKey.key);
  await target.writeSecret(secretName, sealed, publicKey.keyId, options);
}

/** The write was refused (it did not land), whatever fetching the key again does. */
async function fetchAgain(target: SealedSecretTarget, refused: TargetError): Promise<TargetPublicKey> {
  try {
    return await target.fetchPublicKey();
  } catch (error) {
    const message = `${refused.message}; fetching its public key again failed: ${describeError(error)}`;
    throw new TargetError({ message, target: refused.target, status: refused.status, advice: targetAdvice(error) });
  }
}

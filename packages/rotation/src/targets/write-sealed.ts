// One write of a value to a target: its public key fetched fresh, the value sealed against it.

import { sealSecret } from '../seal.js';
import { type SecretTarget, TargetError } from './secret-target.js';

export async function writeSealed(target: SecretTarget, secretName: string, value: string): Promise<void> {
  const publicKey = await target.fetchPublicKey();
  const sealed = await sealSecret(value, publicKey.key);
  await target.writeSecret(secretName, sealed, publicKey.keyId);
}

/** What to do about a target failure; a TargetError knows, anything else is generic. */
export function targetAdvice(error: unknown): string {
  return error instanceof TargetError ? error.advice : 'Check the target spec and the token, then run again.';
}

// Seals a secret for GitHub: libsodium sealed box against the target's public key, base64 (original
// variant). https://docs.github.com/en/rest/guides/encrypting-secrets-for-the-rest-api

import { KeyturnError } from '@keyturn/api';
import sodium from 'libsodium-wrappers';

export class SealError extends KeyturnError {
  override name = 'SealError';
}

/** Returns base64 of `crypto_box_seal(value, publicKey)`; `publicKeyBase64` is the key GitHub gave. */
export async function sealSecret(value: string, publicKeyBase64: string): Promise<string> {
  await sodium.ready;
  let publicKey: Uint8Array;
  try {
    publicKey = sodium.from_base64(publicKeyBase64, sodium.base64_variants.ORIGINAL);
  } catch {
    throw new SealError('the public key is not base64');
  }
  if (publicKey.length !== sodium.crypto_box_PUBLICKEYBYTES) {
    throw new SealError(`the public key has ${publicKey.length} bytes, not ${sodium.crypto_box_PUBLICKEYBYTES}`);
  }
  let sealed: Uint8Array;
  try {
    sealed = sodium.crypto_box_seal(sodium.from_string(value), publicKey);
  } catch {
    // libsodium refuses keys such as low-order points; its message names no cause.
    throw new SealError('the public key is not a usable X25519 key');
  }
  return sodium.to_base64(sealed, sodium.base64_variants.ORIGINAL);
}

// The key pair behind each target's `public-key` endpoint, and the opening of the libsodium sealed
// boxes clients send. https://docs.github.com/rest/guides/encrypting-secrets-for-the-rest-api

import { randomInt } from 'node:crypto';
import sodium from 'libsodium-wrappers';

export interface TargetKey {
  /** A numeric-looking string, as GitHub's key ids are. */
  keyId: string;
  publicKey: Uint8Array;
  privateKey: Uint8Array;
}

export type OpenResult = { ok: true; value: string } | { ok: false; reason: 'not-base64' | 'wrong-key' };

// GitHub validates `encrypted_value` with exactly this pattern (padded, original alphabet, non-empty).
export const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;

/** Resolves once libsodium is loaded; every other function here needs it. */
export function sodiumReady(): Promise<void> {
  return sodium.ready;
}

const issuedKeyIds = new Set<string>();

export function createTargetKey(): TargetKey {
  const pair = sodium.crypto_box_keypair();
  return { keyId: newKeyId(), publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** The `key` field of a public-key response: base64, original variant, padded. */
export function publicKeyBase64(key: TargetKey): string {
  return sodium.to_base64(key.publicKey, sodium.base64_variants.ORIGINAL);
}

export function isBase64(text: string): boolean {
  return BASE64.test(text);
}

/** Opens a base64 sealed box with the target's key pair (`crypto_box_seal_open`). */
export function openSealedBox(key: TargetKey, encryptedValue: string): OpenResult {
  if (!isBase64(encryptedValue)) return { ok: false, reason: 'not-base64' };
  const box = Buffer.from(encryptedValue, 'base64');
  if (box.length < sodium.crypto_box_SEALBYTES) return { ok: false, reason: 'wrong-key' };
  try {
    const plain = sodium.crypto_box_seal_open(box, key.publicKey, key.privateKey);
    return { ok: true, value: Buffer.from(plain).toString('utf8') };
  } catch {
    return { ok: false, reason: 'wrong-key' };
  }
}

function newKeyId(): string {
  // 18 digits like GitHub's, unique within the process so a key id never names two targets.
  for (;;) {
    const id = `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    if (!issuedKeyIds.has(id)) {
      issuedKeyIds.add(id);
      return id;
    }
  }
}

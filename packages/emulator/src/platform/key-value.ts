// A new key's value in the platform's current shape: `napi_` and 64 letters and digits (keys made
// since early 2025, as the platform's changelog and public scanners describe them), so a custom
// secret-scanning pattern, masking and the clients' credential-shape checks meet the real format.

import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const KEY_PREFIX = 'napi_';
export const KEY_MATERIAL_LENGTH = 64;
/** The shape of every key the emulator makes. */
export const KEY_SHAPE = /^napi_[A-Za-z0-9]{64}$/;

/** 64 characters drawn evenly from the 62 letters and digits (bytes past 247 are skipped: no bias). */
export function newKeyValue(): string {
  let material = '';
  while (material.length < KEY_MATERIAL_LENGTH) {
    for (const byte of randomBytes(KEY_MATERIAL_LENGTH)) {
      if (byte >= 248 || material.length === KEY_MATERIAL_LENGTH) continue;
      material += ALPHABET[byte % ALPHABET.length];
    }
  }
  return KEY_PREFIX + material;
}

// A key's fingerprint: matches a key value to its id (and to the targets that may hold it) without
// the value ever being stored. Domain-separated, so it is no hash any other tool computes of a key,
// and truncated: 64 bits tell a family's keys apart (a collision among a family's hundreds of keys
// is about 1 in 10^14), and reveal nothing of a random key.

import { createHash } from 'node:crypto';

/** The domain the value is hashed under; a new version of the scheme gets a new domain. */
export const FINGERPRINT_DOMAIN = 'keyturn-key-fingerprint-v1';
/** Hex characters kept of the SHA-256 (64 bits). */
export const FINGERPRINT_LENGTH = 16;

/**
 * The fingerprint of an API key's value: the first 16 hex characters of
 * sha256("keyturn-key-fingerprint-v1\0" + value).
 * @example keyFingerprint(process.env.NEON_API_KEY) // "3f9a0c5e12b4d7a8"
 */
export function keyFingerprint(value: string): string {
  return createHash('sha256').update(`${FINGERPRINT_DOMAIN}\0${value}`).digest('hex').slice(0, FINGERPRINT_LENGTH);
}

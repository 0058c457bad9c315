// The leaked key of an emergency rotation as the caller names it: an id, or a fingerprint. Never
// the value: a value given here would be one more place the leaked key is written down.

import { OptionError } from '@keyturn/api';
import type { LeakedKey } from '../options.js';
import { FINGERPRINT_LENGTH } from '../record/fingerprint.js';

const FINGERPRINT_SHAPE = new RegExp(`^[0-9a-f]{${FINGERPRINT_LENGTH}}$`);

/**
 * `leakedKey` checked: one of `{ id }` (a positive whole number) or `{ fingerprint }` (16 hex
 * characters, lower-cased). What was given is never quoted: a pasted key value must not reach a log.
 */
export function checkLeakedKey(given: unknown): LeakedKey | undefined {
  if (given === undefined) return undefined;
  const leaked = given as Partial<{ id: unknown; fingerprint: unknown }> | null;
  if (typeof leaked !== 'object' || leaked === null) {
    throw new OptionError('leakedKey', 'leakedKey must be { id } or { fingerprint }: name the leaked key one way');
  }
  // Named both ways: check-options.ts's mistake (oneLeakedKey).
  if (leaked.id !== undefined && leaked.fingerprint !== undefined) return undefined;
  if (leaked.id !== undefined) {
    const { id } = leaked;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
      throw new OptionError('leakedKey', 'leakedKey.id must be a key id (a positive whole number)');
    }
    return { id };
  }
  const { fingerprint } = leaked;
  const text = typeof fingerprint === 'string' ? fingerprint.trim().toLowerCase() : '';
  if (!FINGERPRINT_SHAPE.test(text)) {
    throw new OptionError(
      'leakedKey',
      `leakedKey.fingerprint must be a key fingerprint, ${FINGERPRINT_LENGTH} hex characters (keyturn fingerprint prints it ` +
        `from the value on standard input), never the key itself`,
    );
  }
  return { fingerprint: text };
}

/** How messages name the leaked key before the record says its id. */
export function describeLeakedKey(leaked: LeakedKey): string {
  return 'id' in leaked ? `key ${leaked.id}` : `the key of fingerprint ${leaked.fingerprint}`;
}

// Key families: every key this tool makes for one secret is named `<family>-<UTC timestamp>-<suffix>`,
// so later runs recognise (exactly) the keys they own and revoke the older ones.

import { createHash, randomInt } from 'node:crypto';
import { OptionError } from '@keyturn/api';
import { identityOf, type SecretTarget } from './targets/secret-target.js';
import { targetIdentity } from './targets/kinds/registry.js';
import { parseTargetSpecs } from './targets/spec.js';

/** The platform's limit on `key_name`. */
export const KEY_NAME_MAX_LENGTH = 64;
const SUFFIX_LENGTH = 4;
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** `-YYYYMMDDTHHMMSSZ-xxxx` */
const NAME_TAIL_LENGTH = 1 + 16 + 1 + SUFFIX_LENGTH;
export const FAMILY_MAX_LENGTH = KEY_NAME_MAX_LENGTH - NAME_TAIL_LENGTH;
const HASH_LENGTH = 6;
const FAMILY_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

class FamilyError extends OptionError {
  constructor(message: string) {
    super('family', message);
  }
}

/**
 * The default family of a secret: a readable slug, `keyturn-<first target>-<secret name>`
 * (lowercased, every run of other characters turned into `-`, cut to fit), then a hash of the
 * exact identity of the target and the secret, so look-alike targets (`repo:o/my-repo`,
 * `repo:o/my_repo`) never share a family and so never revoke each other's keys. The target is a
 * spec (`repo:acme/web`) or a SecretTarget; an organization secret's visibility and repository
 * list are not part of its identity.
 */
export function deriveFamily(firstTarget: string | Pick<SecretTarget, 'describe' | 'identity'>, secretName: string): string {
  const target = typeof firstTarget === 'string' ? identityOfSpec(firstTarget) : identityOf(firstTarget);
  // GitHub stores secret names upper-cased: `neon_api_key` is the secret NEON_API_KEY.
  const secret = secretName.toUpperCase();
  const hash = createHash('sha256').update(`${target}\n${secret}`).digest('hex').slice(0, HASH_LENGTH);
  const slug = `keyturn-${target}-${secret}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, FAMILY_MAX_LENGTH - HASH_LENGTH - 1)
    .replace(/^-+|-+$/g, '');
  return `${slug}-${hash}`;
}

/** A GitHub spec's identity; any other text (another store's description) is its own identity. */
function identityOfSpec(spec: string): string {
  try {
    const [parsed] = parseTargetSpecs(spec);
    return parsed ? targetIdentity(parsed) : spec;
  } catch {
    return spec;
  }
}

/** A family given by the user is taken as is, so it must already be a valid name prefix. */
export function validateFamily(family: string): void {
  if (!FAMILY_PATTERN.test(family)) {
    throw new FamilyError(
      `key name prefix ${JSON.stringify(family)} may hold only letters, digits, ".", "_" and "-", starting and ending with a ` +
        `letter or digit`,
    );
  }
  if (family.length > FAMILY_MAX_LENGTH) {
    throw new FamilyError(
      `key name prefix ${JSON.stringify(family)} has ${family.length} characters; at most ${FAMILY_MAX_LENGTH} leave room for ` +
        `the timestamp in a ${KEY_NAME_MAX_LENGTH}-character key name`,
    );
  }
}

/** `<family>-YYYYMMDDTHHMMSSZ-<4 random characters>`: two runs in the same second still differ. */
export function makeKeyName(family: string, now: Date, random: () => string = randomSuffix): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `${family}-${stamp}-${random()}`;
}

function randomSuffix(): string {
  let out = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) out += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return out;
}

const TAIL = /^-(\d{8}T\d{6}Z)(?:-[a-z0-9]{1,8})?$/;

/** True when `name` is exactly `<family>-<timestamp>[-<suffix>]`: family `a-b` never claims `a-b-c-…`. */
export function isFamilyMember(name: string, family: string): boolean {
  return name.startsWith(family) && TAIL.test(name.slice(family.length));
}

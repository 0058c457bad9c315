// The `encrypted_value` + `key_id` of a PUT secret body: checked as GitHub checks them, then opened
// with the target's own key pair.
// https://docs.github.com/rest/actions/secrets#create-or-update-a-repository-secret

import { GitHubError, invalidRequest } from '../github-error.js';
import { secretValueProblem } from '../names.js';
import { BASE64, isBase64, openSealedBox } from '../sealed-box.js';
import type { SecretTarget } from '../targets.js';

export interface SealedValue {
  encryptedValue: string;
  keyId: string;
}

/** The body as an object, or a 422 naming the first field GitHub would miss. */
export function bodyObject(body: unknown, firstField: string, docs: string): Record<string, unknown> {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  throw invalidRequest(`"${firstField}" wasn't supplied.`, docs);
}

export function stringField(body: Record<string, unknown>, field: string, docs: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  // The value itself is never echoed: it may be a secret sent by mistake.
  if (typeof value !== 'string') throw invalidRequest(`For 'properties/${field}', a ${typeOf(value)} is not a string.`, docs);
  return value;
}

/** Reads the sealed value; undefined when it is absent and `optional` (an org secret's visibility update). */
export function readSealedValue(body: unknown, optional: boolean, docs: string): SealedValue | undefined {
  const fields = bodyObject(body, 'encrypted_value', docs);
  const encryptedValue = stringField(fields, 'encrypted_value', docs);
  const keyId = stringField(fields, 'key_id', docs);
  if (encryptedValue === undefined && optional) return undefined;
  if (encryptedValue === undefined) throw invalidRequest(`"encrypted_value" wasn't supplied.`, docs);
  if (keyId === undefined) throw invalidRequest(`"key_id" wasn't supplied.`, docs);
  return { encryptedValue, keyId };
}

/**
 * Opens the value with the target's key. A box the key cannot open (sealed for another target,
 * or with a rotated key) is refused, or, with `badSeal: 'store-empty'`, stored as '' the way GitHub
 * silently stores an environment secret sealed with the repository's key.
 */
export function openSealedValue(target: SecretTarget, sealed: SealedValue, badSeal: 'reject' | 'store-empty', docs: string): string {
  if (!isBase64(sealed.encryptedValue)) {
    throw invalidRequest(`For 'properties/encrypted_value', the value does not match /${BASE64.source}/.`, docs);
  }
  if (sealed.keyId !== target.key.keyId && badSeal === 'reject') {
    throw new GitHubError(
      422,
      'Bad request - key_id is not the current public key of this target; fetch the public key again and seal the value with it.',
      docs,
    );
  }
  const opened = openSealedBox(target.key, sealed.encryptedValue);
  if (!opened.ok && badSeal === 'store-empty') return '';
  if (!opened.ok) throw new GitHubError(422, 'Bad request - validation failed due to an improperly encrypted secret', docs);
  const tooLarge = secretValueProblem(opened.value);
  if (tooLarge) throw new GitHubError(422, tooLarge, docs);
  return opened.value;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

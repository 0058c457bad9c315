// The platform's own word on a key (GET /auth, getAuthDetails in the published description): which
// account it belongs to (`account_id`) and how it authenticates (`auth_method`). The preflight reads
// it for the current key; the verify step for the new key, before any target gets it: the same
// account, and the kind the run rotates. A mismatch means the run would store a key of someone
// else (or of another kind) in every target: it stops there, and the new key is revoked.

import type { KeyKind } from '../key-kind/key-kind.js';
import { describeKind } from '../key-kind/key-kind.js';
import { option } from '../option-names.js';

export interface AuthWord {
  account_id: string;
  auth_method: string;
}

/**
 * The `auth_method` of the kind rotated: a personal key is its user's (`api_key_user`); an
 * organization's key and a project-scoped key are the organization's (`api_key_org`: the
 * description's enum has no method of its own for a project-scoped key).
 */
export function expectedAuthMethod(keyKind: KeyKind): string {
  return keyKind.kind === 'personal' ? 'api_key_user' : 'api_key_org';
}

/** Why `word` is not what the current key of `keyKind` must say; undefined when it is. */
export function currentKeyAuthProblem(word: AuthWord, keyKind: KeyKind): { summary: string; advice: string } | undefined {
  const expected = expectedAuthMethod(keyKind);
  if (word.auth_method !== expected) {
    return {
      summary:
        `The platform says the current key authenticates as ${word.auth_method}, not as ${expected} (${describeKind(keyKind)}, ` +
        `as ${option('keyKind')} says)`,
      advice:
        `Set ${option('keyKind')} to the kind of the key in the secret (personal for api_key_user, organization or project for ` +
        `api_key_org), or put a key of that kind in the secret. Nothing was changed.`,
    };
  }
  // Which id `account_id` is for an organization's key the description does not say: the new key is
  // held to the current key's, never to an id the run supposes.
  return undefined;
}

/** Why the new key's `word` does not match the current key's; undefined when it does. */
export function newKeyAuthProblem(newWord: AuthWord, current: AuthWord, keyKind: KeyKind): string | undefined {
  const expected = expectedAuthMethod(keyKind);
  const problems = [
    newWord.account_id !== current.account_id &&
      `belongs to account ${newWord.account_id}, not to ${current.account_id} (the current key's)`,
    newWord.auth_method !== expected && `authenticates as ${newWord.auth_method}, not as ${expected} (${describeKind(keyKind)})`,
  ].filter((p): p is string => typeof p === 'string');
  return problems.length ? problems.join(', and ') : undefined;
}

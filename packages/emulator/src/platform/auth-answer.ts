// What GET /auth answers, and a control that makes it answer another account or another kind of key
// (a platform that misattributes keys): the check a rotation gives a key before any target gets it
// can only change an outcome where the platform may say so. Keys made after the control is set
// (`keys: 'new'`), or every key (`keys: 'all'`), answer the fields given; the rest answer as they are.

import type { KeyIdentity } from './keys.js';

export interface AuthAnswer {
  account_id: string;
  auth_method: string;
}

/** How GET /auth misreports: the fields it answers instead, for which keys. */
export interface AuthMisreport {
  account_id?: string;
  auth_method?: string;
  /** `new`: keys made from now on; `all`: every key. */
  keys: 'new' | 'all';
}

export class AuthAnswers {
  #misreport: (Omit<AuthMisreport, 'keys'> & { fromId: number }) | undefined;

  /** Sets (or with undefined, ends) the misreport; `nextKeyId` is the id the next key made will have. */
  set(misreport: AuthMisreport | undefined, nextKeyId: number): void {
    if (misreport === undefined) {
      this.#misreport = undefined;
      return;
    }
    if (misreport.keys !== 'new' && misreport.keys !== 'all') throw new TypeError("misreportAuth: keys is 'new' or 'all'");
    if (misreport.account_id === undefined && misreport.auth_method === undefined) {
      throw new TypeError('misreportAuth: give account_id or auth_method');
    }
    const { keys, ...fields } = misreport;
    this.#misreport = { ...fields, fromId: keys === 'all' ? 0 : nextKeyId };
  }

  /** GET /auth's body for `caller`: a personal key is its user's, an organization's key (project-scoped too) the organization's. */
  answer(caller: KeyIdentity): AuthAnswer {
    const { scope } = caller;
    const body =
      scope.kind === 'personal'
        ? { account_id: scope.userId, auth_method: 'api_key_user' }
        : { account_id: scope.orgId, auth_method: 'api_key_org' };
    const misreport = this.#misreport;
    if (!misreport || caller.id < misreport.fromId) return body;
    return {
      account_id: misreport.account_id ?? body.account_id,
      auth_method: misreport.auth_method ?? body.auth_method,
    };
  }
}

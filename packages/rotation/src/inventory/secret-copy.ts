// What an inventory finds: a copy of a secret (its place, its name, when it last changed, never its
// value) and a listing it could not read (the copies there are unknown).

/**
 * Where a copy lives, as a target spec names it (`repo:acme/web`, `env:acme/web:production`,
 * `dependabot:acme/web`, `codespaces:acme/web`, `org:acme`, `codespaces-org:acme`, `gitlab:acme/web`,
 * `gitlab-group:acme:production`), or `dependabot-org:ORG`, which no rotation writes.
 */
export type CopyStore =
  | 'repo'
  | 'env'
  | 'dependabot'
  | 'codespaces'
  | 'org'
  | 'dependabot-org'
  | 'codespaces-org'
  | 'gitlab'
  | 'gitlab-group';

/** One copy of a secret: where, which name, when it last changed; never its value. */
export interface SecretCopy {
  store: CopyStore;
  /** The place as a target spec (`env:acme/web:production`); with the name, what a person reads. */
  place: string;
  /** The place as a record names its target (targetIdentity): how the join finds the record. */
  identity: string;
  /** The secret's (variable's) name as the service lists it. */
  name: string;
  /** When it last changed (GitHub's `updated_at`); null where the service keeps no time (GitLab). */
  updatedAt: string | null;
}

/** A listing the inventory could not read: the copies it would list are unknown. */
export interface UnreadableListing {
  /** What was listed: `dependabot:acme/web`, `repositories of acme`. */
  place: string;
  /** The service's status, or null when no answer came. */
  status: number | null;
  /** What to do about it. */
  advice: string;
}

// Code probes (issue 36; FoundationDB's CODE_PROBE): a named mark on each rare branch of the
// rotation, so the simulator can count which branches its histories reach and fail when a required
// one is never reached. Not exported from the package and read from no input: only a collector the
// simulator installs on the global below sees them. Without one, a probe is one lookup of an absent
// global property (as internal/mutants.ts).

/** The global a collector is installed on (packages/simulator/src/coverage.ts): called with each probe's name. */
const COLLECTOR = Symbol.for('keyturn.rotation.probes');
/** The global the closed list is published on, so the simulator can name the probes it never saw. */
const CATALOGUE = Symbol.for('keyturn.rotation.probe-catalogue');

/** Every probe, one line each saying what reaching it shows. The closed list: `probe` takes only these names. */
export const PROBES = {
  // The target record.
  'record-parts-read': 'a record spread over several variables was read back whole (head, parts, hash)',
  'record-parts-written': 'a record too big for one variable was written over parts',
  'record-parts-refused': 'a record in parts whose parts are missing or do not match its hash was refused, not taken for no record',
  'record-unparsable-refused': 'a record that does not parse (edited by hand, cut short) was refused before anything changed',
  'record-newer-refused': 'a record of a newer format was refused before anything changed',
  'record-rebuilt': 'an unreadable record was rebuilt (rebuildRecord), every live key of the family kept',
  'record-creating-mark': 'a record still holding the `creating` mark (a run killed after writing it, or the write landing late) was read',
  'record-not-narrowed': 'narrowing the record once every target held the new key failed: a warning, the record names more keys',
  'dropped-target-protected': 'a target dropped from the list kept every key it may hold valid',
  'retired-target-still-holds': 'a retired target still holding the secret was refused in the preflight',
  'retired-target-forgotten': 'a retired target whose secret is gone was forgotten by the record',
  'renamed-secret-family': "a renamed secret's record (another secret name) was read and settled or kept by the run",
  'other-family-settled': 'another family of the secret was left naming no target: its keys revoked, its record deleted',
  'other-family-kept': "another family's keys were kept valid (deferred, held here, rebuilt, or a 404 unconfirmed)",
  'managing-key-refused': 'a managing key named like the family, which the run might revoke, was refused before anything changed',
  // Create and verify.
  'lost-create-revoked': 'a create whose answer was lost: the key of its name was found and revoked',
  'lost-create-not-found': 'a create whose answer was lost: no key of its name was found',
  'verify-retried': 'the new key did not work at first: verification tried again',
  'auth-refused-new-key': 'GET /auth named another account or kind for the new key: it was revoked, nothing written',
  // Store and rollback.
  'newer-rotation-backed-off': 'a newer key of the family at the verify listing: the run revoked its own and wrote nothing',
  'newer-rotation-stopped-writes': 'a newer rotation took over between two writes: the run stopped writing, no rollback',
  'stale-public-key-resealed': "a write refused as sealed with a stale key_id was sealed again with the target's new public key",
  'write-maybe-landed': 'a failed write may have landed (no answer, a 5xx, an earlier attempt unanswered): the new key stays valid for it',
  'rollback-started': 'a target write failed: the run rolls back (writes the previous key back, revokes the new one)',
  'write-back-done': 'a rollback wrote the previous key back to a target',
  'write-back-failed': 'writing the previous key back to a target failed: the new key stays valid for it',
  'write-back-halted': 'the rollback wrote nothing more back: a newer rotation, the previous key dead, or the check failed',
  'gitlab-variable-rolled-back': 'a GitLab variable was given the previous key back in a rollback',
  'failed-write-proven-untouched': "a write that got no answer was proven not to have landed by the target's own record",
  // Revoke.
  'revoke-already-gone': 'a revocation was answered 404: the key was already revoked',
  'family-key-appeared': 'a family key appeared during the run (a concurrent rotation): nothing was revoked',
  'kept-beyond-keep': 'more keys were kept than keep allows (the run cannot tell which the targets held)',
  'app-token-not-revoked': "revoking the GitHub App's installation token failed: a warning",
  // The lease (one writer at a time).
  'lease-waited': "a run waited for another run's lease",
  'lease-taken-over': 'a lapsed lease (its holder crashed, or its late writes can no longer land) was taken over',
  'lease-takeover-lost': 'two runs took a lapsed lease over at once: this one lost and waited again',
  'lease-held-gave-up': 'the lease stayed held for the whole wait: the run failed (lease-held), nothing changed',
  'lease-left-settling': 'a write of the run got no answer: its lease was left settling, so that write cannot land under the next run',
  'lease-lost-before-revoking': 'the lease lapsed and another run took it before the revoke step: nothing was revoked',
  'run-stood-down': 'the run it waited for rotated the secret (revoked its key): the run stood down, nothing changed',
  // Rotation by the clock (rotateEvery, revokeAfter), deployments, dry runs.
  'clock-not-due': 'rotateEvery found the key every target holds younger than it: the run rotated nothing',
  'clock-due': 'rotateEvery found the key every target holds as old as it or older: the run rotated',
  'deadline-waited': 'a superseded key keep lets go stayed valid: its revokeAfter deadline had not passed',
  'deadline-revoked': 'a superseded key was revoked once its revokeAfter deadline had passed',
  'deployment-ready': 'a deployment built with the new key was READY before the old keys could go',
  'deployment-build-failed': 'the redeploy built with the new key failed (ERROR): the keys the running deployment uses stayed valid, named',
  'deployment-awaited': 'no redeploy (vercelRedeploy off, or no production deployment): the keys in use stay valid until a deploy',
  'idle-deploy-seen':
    'a run the clock made idle saw a deploy made after its write: the older keys left that target, the clock revokes them',
  'idle-deploy-awaited': 'a run the clock made idle found a target still awaiting a deploy: its older keys stay valid, named',
  'dry-run-planned': 'a dry run checked everything and planned the rotation, changing nothing',
  'stuck-issue-left-to-holder':
    'a run found its family stuck and no issue open while another run held the lease: the issue was left to that run',
  // Emergency rotation and alert mode.
  'leaked-key-revoked': 'an emergency rotation revoked the leaked key once the store step was through',
  'leaked-key-revoked-targets-left': 'the leaked key was revoked though targets could not be given the new key (named, the run fails)',
  'unreachable-target-left-out': 'an emergency rotation went on without a target it could not reach',
  'alert-resolved': 'a secret-scanning alert was resolved as revoked, once the platform refused its key',
} as const;

/** A probe's name: one of PROBES. */
export type ProbeName = keyof typeof PROBES;

(globalThis as { [CATALOGUE]?: unknown })[CATALOGUE] = PROBES;

/** Marks that the run reached the branch `name`: seen by the simulator's collector only, a no-op otherwise. */
export function probe(name: ProbeName): void {
  (globalThis as { [COLLECTOR]?: (name: string) => void })[COLLECTOR]?.(name);
}

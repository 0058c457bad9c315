// The one table of exit codes (README "Exit codes" shows it): a script or a scheduled job tells
// the outcomes apart without reading the output.

export const EXIT = {
  /** Done: rotated, every awaited operation finished, nothing flagged. */
  ok: 0,
  /** The run failed (the platform or GitHub refused, a rotation failed and was rolled back). */
  failed: 1,
  /** Bad input: a flag, keyturn.yml, a target spec or a missing credential. Nothing was changed. */
  usage: 2,
  /** wait: an awaited operation failed. */
  operationFailed: 3,
  /** wait: the timeout ran out with an operation still pending. */
  timedOut: 4,
  /**
   * audit: a key was flagged (unknown to every record, held by no target, or older than --max-age); with --org, a copy unmanaged or edited
   * since its record, or a listing unreadable.
   */
  flagged: 5,
  /** answer-alerts: an alert of the family is still open (its key could not be rotated out, or the alerts could not be read). */
  alertsOpen: 6,
  /** rotate, answer-alerts: another run of the secret held its lease for all of --lease-wait; nothing was changed. */
  leaseHeld: 7,
  /**
   * rotate: the family is stuck (a run ended where only a person can help; README "A stuck family"): no key was made. `keyturn acknowledge`
   * once the cause is fixed.
   */
  stuck: 8,
  /** Interrupted (Ctrl-C, SIGTERM): a rotation stops after leaving every target a working key. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

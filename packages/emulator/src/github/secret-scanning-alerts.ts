// Secret-scanning alerts: a value GitHub found in a repository, of a secret type (a partner's
// pattern, or an owner's custom pattern), numbered per repository from 1, open until resolved
// with a resolution. Raised through the state API (the emulator does not scan); read and resolved
// over the REST API. https://docs.github.com/rest/secret-scanning/secret-scanning

import { githubTimestamp } from './secret-store.js';
import type { Repository } from './targets.js';

export type AlertState = 'open' | 'resolved';
export type AlertResolution = 'false_positive' | 'wont_fix' | 'revoked' | 'used_in_tests';
export const ALERT_STATES: readonly AlertState[] = ['open', 'resolved'];
export const ALERT_RESOLUTIONS: readonly AlertResolution[] = ['false_positive', 'wont_fix', 'revoked', 'used_in_tests'];

export interface SecretScanningAlert {
  number: number;
  repository: Repository;
  secretType: string;
  secretTypeDisplayName: string;
  secret: string;
  state: AlertState;
  resolution: AlertResolution | null;
  resolutionComment: string | null;
  resolvedAt: string | null;
  validity: 'active' | 'inactive' | 'unknown';
  createdAt: string;
  updatedAt: string;
  /** Every change of state that landed, oldest first (tests: "resolved exactly once"). */
  history: { state: AlertState; resolution: AlertResolution | null; comment: string | null; at: string }[];
}

/** What a test or the control API gives to raise an alert. */
export interface RaiseAlertOptions {
  /** The custom pattern's secret type (or a partner's), e.g. `custom_pattern_platform_key`. */
  secretType: string;
  /** The value found. */
  secret: string;
  /** Shown in the Security tab; the secret type when not given. */
  secretTypeDisplayName?: string;
}

/** Per repository, in the order raised. */
const books = new WeakMap<Repository, SecretScanningAlert[]>();

export function alertsOf(repository: Repository): SecretScanningAlert[] {
  const alerts = books.get(repository) ?? [];
  books.set(repository, alerts);
  return alerts;
}

export function raiseAlert(repository: Repository, options: RaiseAlertOptions, now: number): SecretScanningAlert {
  const { secretType, secret } = options;
  if (typeof secretType !== 'string' || !/^\S{1,255}$/.test(secretType))
    throw new TypeError('secret_type is 1..255 characters without spaces');
  if (typeof secret !== 'string' || secret === '') throw new TypeError('secret (the value found) is a non-empty string');
  const alerts = alertsOf(repository);
  const at = githubTimestamp(new Date(now));
  const alert: SecretScanningAlert = {
    number: alerts.length + 1,
    repository,
    secretType,
    secretTypeDisplayName: options.secretTypeDisplayName ?? secretType,
    secret,
    state: 'open',
    resolution: null,
    resolutionComment: null,
    resolvedAt: null,
    validity: 'unknown',
    createdAt: at,
    updatedAt: at,
    history: [],
  };
  alerts.push(alert);
  return alert;
}

/** A change the PATCH endpoint has already checked. */
export function changeAlertState(
  alert: SecretScanningAlert,
  state: AlertState,
  resolution: AlertResolution | null,
  comment: string | null,
  now: number,
): void {
  const at = githubTimestamp(new Date(now));
  alert.state = state;
  alert.resolution = state === 'resolved' ? resolution : null;
  alert.resolutionComment = comment;
  alert.resolvedAt = state === 'resolved' ? at : null;
  alert.updatedAt = at;
  alert.history.push({ state, resolution: alert.resolution, comment, at });
}

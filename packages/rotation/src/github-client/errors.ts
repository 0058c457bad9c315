// Turns an Octokit failure into a TargetError whose message says what happened and what to do.
// Octokit errors hold the request (with the sealed body), so only the status and GitHub's own
// message are kept. https://docs.github.com/en/rest/using-the-rest-api/troubleshooting-the-rest-api

import { option } from '../option-names.js';
import { mayHaveLanded, TargetError } from '../targets/secret-target.js';
import { describeGiveUp, type RateLimit, rateLimitOf, rateLimitOutcomeOf } from './rate-limit.js';
import { retriedUnanswered } from './unanswered-attempts.js';
import { redactCredentials } from '@keyturn/api/toolkit';

interface OctokitFailure {
  status?: number;
  message?: string;
  response?: { status: number; data?: unknown; headers?: Record<string, string | undefined> };
}

/**
 * `what` reads as "writing the secret NAME", "reading the public key", ...; `permissions` says who
 * may write the target (its kind's words); `secrets` (the token) are scrubbed from the text GitHub
 * or a proxy sent back.
 */
export function toTargetError(
  error: unknown,
  permissions: string,
  target: string,
  what: string,
  secrets: readonly (string | undefined)[] = [],
): TargetError {
  const failure = (error ?? {}) as OctokitFailure;
  const answered = failure.response !== undefined;
  const status = answered ? failure.response!.status : undefined;
  // Scrubbed before it is cut, so a credential across the cut cannot leave a piece behind.
  const githubMessage = answered ? redactCredentials(messageOf(failure.response!.data) ?? '', secrets).slice(0, 200) : '';
  const cause = answered
    ? `GitHub answered ${status}${githubMessage ? ` (${githubMessage})` : ''}`
    : `no answer from GitHub (${redactCredentials(errorText(error), secrets)})`;
  const message = `${what} for ${target} failed: ${cause}`;
  const advice = adviceFor(status, rateLimitOf(error), error, permissions, target);
  return new TargetError({ message, target, status, advice, mayHaveTakenEffect: mayHaveLanded(status, retriedUnanswered(error)) });
}

function adviceFor(status: number | undefined, limit: RateLimit | undefined, error: unknown, permissions: string, target: string): string {
  if (limit) {
    const outcome = rateLimitOutcomeOf(error);
    const what = outcome ? describeGiveUp(outcome) : 'not retried';
    return (
      `GitHub rate-limited the token (${what}): run again in ${Math.max(1, Math.ceil(limit.waitSeconds / 60))} minute(s), once ` +
      `the limit resets. The token's permissions are not the problem.`
    );
  }
  if (status === undefined || status >= 500) {
    return 'GitHub did not answer or failed: check https://www.githubstatus.com (or your GitHub Enterprise Server) and run again.';
  }
  switch (status) {
    case 401:
      return INVALID_GITHUB_CREDENTIAL;
    case 403:
      return `The token may not manage secrets of ${target}: use ${permissions}.${acceptedPermissions(error)}`;
    case 404:
      return `${target} was not found, or the token cannot see it: check the target spec and give the token access (${permissions}).`;
    case 422:
      return (
        'GitHub refused the request: check the secret name (letters, digits and _, not starting with a digit or GITHUB_) and, for ' +
        'org:ORG:selected, the repositories.'
      );
    default:
      return `GitHub refused the request with ${status}: check the target spec and the token.`;
  }
}

/** A 401: the token given, or one minted for the App, was refused. */
export const INVALID_GITHUB_CREDENTIAL =
  `The GitHub credential is invalid or expired: give a valid token in ${option('github.token')}, or ` +
  `check ${option('github.appId')} and ${option('github.privateKey')} (an App installation token lasts an hour).`;

/**
 * GitHub names the permission a refused request needs in `x-accepted-github-permissions`; quoting
 * it settles what the docs leave open (e.g. what an environment secret needs on a given server).
 */
function acceptedPermissions(error: unknown): string {
  const header = (error as OctokitFailure | undefined)?.response?.headers?.['x-accepted-github-permissions'];
  if (typeof header !== 'string' || !/^[a-z_=, ;]{1,200}$/.test(header)) return '';
  return ` GitHub says this request needs: ${header}.`;
}

function messageOf(data: unknown): string | undefined {
  if (typeof data === 'string') return data || undefined;
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
    return (data as { message: string }).message;
  }
  return undefined;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const parts = [error.message, cause instanceof Error ? cause.message : ''].filter(Boolean);
  return parts.join(': ') || error.name;
}

// What the App's preflight says when it cannot act for an owner: what happened and what to grant
// where (the App's permissions, its installation on the owner, the installation's repositories).
// GitHub's own text is kept short and scrubbed of anything shaped like a credential.
// https://docs.github.com/apps/using-github-apps/reviewing-and-modifying-installed-github-apps

import { KeyturnError } from '@keyturn/api';
import { redactCredentials } from '@keyturn/api/toolkit';
import { rateLimitOf } from '../github-client/rate-limit.js';
import { option } from '../option-names.js';
import { type AppPermission, type OwnerNeeds, PERMISSION_SETTINGS, type PermissionLevel } from './needs.js';

/** The App could not act for an owner: what happened, and what to grant where. Never holds a credential. */
export class AppAccessError extends KeyturnError {
  override name = 'AppAccessError';
  constructor(
    message: string,
    readonly advice: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const NOTHING_CHANGED = 'Nothing was changed.';

/** No installation on the owner (or, looked up by repository, none that reaches it). */
export function notInstalled(appId: string, needs: OwnerNeeds, byRepository: string | undefined): AppAccessError {
  const { owner, repositories } = needs;
  const where = byRepository === undefined ? `the organization ${owner}` : `${owner}, or not on its repository ${owner}/${byRepository}`;
  const access = repositories.length ? ` with access to ${fullNames(needs)} (Repository access: All, or these)` : '';
  return new AppAccessError(
    `The GitHub App ${appId} is not installed on ${where}`,
    `Install the App on ${owner} (the App's settings > Install App > ${owner})${access}. ${NOTHING_CHANGED}`,
    404,
  );
}

/** The permissions the installation lacks, with where each is granted and how the owner accepts it. */
export function missingPermissions(
  appId: string,
  needs: OwnerNeeds,
  missing: ReadonlyMap<AppPermission, PermissionLevel>,
  said?: string,
): AppAccessError {
  const list = [...missing].map(
    ([name, level]) => `${PERMISSION_SETTINGS[name]}: ${level === 'write' ? 'Read and write' : 'Read-only'} (${name})`,
  );
  return new AppAccessError(
    `The installation of the GitHub App ${appId} on ${needs.owner} ` +
      `lacks ${list.join(', ')}${said ? `: GitHub answered 422 (${said})` : ''}`,
    `Grant it in the App's settings > Permissions & events, then accept the new permissions on ${needs.owner} (its settings > ` +
      `GitHub Apps > the App: review the request). ${NOTHING_CHANGED}`,
  );
}

/** A repository the run needs is outside the installation's repository access. */
export function outsideInstallation(appId: string, needs: OwnerNeeds, selection: string | undefined, said: string): AppAccessError {
  const hint = selection === 'selected' ? ' (the installation has Only select repositories)' : '';
  return new AppAccessError(
    `The installation of the GitHub App ${appId} on ${needs.owner} does not reach every repository the run needs ` +
      `(${fullNames(needs)}): GitHub answered 422 (${said})`,
    `Give the installation access to them: ${needs.owner}'s settings > GitHub Apps > the App > Configure > Repository ` +
      `access${hint}. ${NOTHING_CHANGED}`,
    422,
  );
}

/** Any other failure of an App request: a refused JWT, a rate limit, GitHub down. */
export function appRequestFailure(error: unknown, what: string): AppAccessError {
  const status = statusOf(error);
  const text = describeFailure(error, []);
  if (rateLimitOf(error))
    return new AppAccessError(`${what} was rate-limited by GitHub: ${text}`, `${NOTHING_CHANGED} Run again once the limit resets.`, status);
  if (status === 401) {
    return new AppAccessError(
      `${what} failed: GitHub refused the App's JSON web token (${text})`,
      `Check that ${option('github.appId')} is the App's id (App settings > General > App ID) ` +
        `and ${option('github.privateKey')} one of its current private keys (a deleted key stops working), and that the runner's ` +
        `clock is right. ${NOTHING_CHANGED}`,
      status,
    );
  }
  return new AppAccessError(
    `${what} failed: ${text}`,
    `${NOTHING_CHANGED} Run again; check https://www.githubstatus.com (or your GitHub Enterprise Server) if it keeps failing.`,
    status,
  );
}

export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
}

/** GitHub's own message, short and scrubbed. */
export function githubMessage(error: unknown): string {
  const data = (error as { response?: { data?: unknown } })?.response?.data;
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : data;
  return redactCredentials(typeof message === 'string' ? message : '').slice(0, 200);
}

/** GitHub's status and message, or the network failure; scrubbed of `secrets` and of anything credential-shaped. */
export function describeFailure(error: unknown, secrets: readonly string[]): string {
  const status = statusOf(error);
  if (status !== undefined && (error as { response?: unknown }).response !== undefined) {
    const said = githubMessage(error);
    return `GitHub answered ${status}${said ? ` (${said})` : ''}`;
  }
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  const text = error instanceof Error ? `${error.name}${cause ? ` ${cause}` : ''}: ${error.message}` : String(error);
  return `no answer from GitHub (${redactCredentials(text, secrets).slice(0, 200)})`;
}

function fullNames(needs: OwnerNeeds): string {
  return needs.repositories.map((repo) => `${needs.owner}/${repo}`).join(', ');
}

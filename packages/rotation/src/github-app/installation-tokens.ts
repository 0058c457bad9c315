// One installation token per owner the run touches (an organization, a user account), minted in
// the preflight with only the permissions and repositories that owner's requests need, and revoked
// when the run ends, whatever happened. The App's own requests (installation lookups, the mint)
// are signed with its JWT by @octokit/auth-app; every client shares the run's options (GHES base
// URL, retries, rate-limit waits, write spacing, request events).
// https://docs.github.com/apps/creating-github-apps/authenticating-with-a-github-app/authenticating-as-a-github-app-installation
//
// Tokens last an hour (https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app);
// a run takes minutes. Were one to expire mid-run, GitHub answers 401 to the writes that follow:
// the run fails as for any refused write (the targets keep a working key, the error names any that
// may hold the new one) and the next run, with fresh tokens, converges.

import { redactCredentials, systemRuntime } from '@keyturn/api/toolkit';
import { createAppAuth } from '@octokit/auth-app';
import { buildGitHubClient, type GitHubClient, type GitHubClientSettings } from '../github-client/octokit.js';
import { rateLimitOf } from '../github-client/rate-limit.js';
import { WriteSpacing } from '../github-client/write-spacing.js';
import { laterTokenAuth } from './installation-token-auth.js';
import { type AppPermission, type GitHubNeed, OwnerNeeds, PERMISSION_SETTINGS, type PermissionLevel } from './needs.js';

/** The App could not act for an owner: what happened, and what to grant where. Never holds a credential. */
export class AppAccessError extends Error {
  override name = 'AppAccessError';
  constructor(
    message: string,
    readonly advice: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface AppCredentials {
  appId: string;
  privateKey: string;
  onToken?: (token: string) => void | Promise<void>;
}

interface OwnerAccess {
  needs: OwnerNeeds;
  client: GitHubClient;
  token?: string;
}

interface Installation {
  id: number;
  permissions: Record<string, string>;
  html_url?: string;
  repository_selection?: string;
}

/** The installation tokens of one run, by owner (case-insensitive, as GitHub's logins are). */
export class InstallationTokens {
  readonly #owners = new Map<string, OwnerAccess>();
  readonly #app: GitHubClient;
  readonly #settings: GitHubClientSettings;

  constructor(
    private readonly credentials: AppCredentials,
    settings: GitHubClientSettings,
  ) {
    // One spacing for every client: the run's writes stay one at a time whichever owner they go to.
    const writeSpacing = new WriteSpacing(settings.writeIntervalMs ?? 1000, settings.runtime ?? systemRuntime, settings.signal);
    this.#settings = { ...settings, writeSpacing };
    this.#app = buildGitHubClient(this.#settings, {
      authStrategy: createAppAuth as never,
      auth: { appId: credentials.appId, privateKey: credentials.privateKey },
    });
  }

  /** The client of `need.owner`, whose token will carry `need` (added to the owner's other needs). */
  clientFor(need: GitHubNeed): GitHubClient {
    const key = need.owner.toLowerCase();
    let access = this.#owners.get(key);
    if (!access) {
      const client = buildGitHubClient(this.#settings, { authStrategy: laterTokenAuth as never, auth: { token: () => this.#tokenOf(key) } });
      access = { needs: new OwnerNeeds(need.owner), client };
      this.#owners.set(key, access);
    }
    access.needs.add(need);
    return access.client;
  }

  /** Whether any client was handed out (a run with custom targets and no record needs no token). */
  get used(): boolean {
    return this.#owners.size > 0;
  }

  /**
   * Mints every owner's token, one owner at a time, each narrowed to its needs. Throws an
   * AppAccessError naming the owner and what to grant where; tokens minted before stay listed
   * for revokeAll.
   */
  async mintAll(log: (line: string) => void): Promise<void> {
    for (const access of this.#owners.values()) {
      const installation = await this.#installationOf(access.needs);
      checkGranted(access.needs, installation, this.credentials.appId);
      const token = await this.#mint(access.needs, installation);
      access.token = token.value;
      try {
        await this.credentials.onToken?.(token.value);
      } catch (error) {
        throw new AppAccessError(
          `The onToken hook failed for the installation token of ${access.needs.owner}: ${redactCredentials(String((error as Error)?.message ?? error), [token.value])}`,
          'Fix the hook; nothing was changed.',
        );
      }
      const repositories = access.needs.repositories;
      const levels = Object.entries(access.needs.tokenPermissions()).map(([name, level]) => `${name}: ${level}`);
      log(
        `GitHub App ${this.credentials.appId}: installation token for ${access.needs.owner} (installation ${installation.id}) with ${levels.join(', ')}` +
          `${repositories.length ? ` on ${repositories.map((r) => `${access.needs.owner}/${r}`).join(', ')}` : ''}, expires ${token.expiresAt}`,
      );
    }
  }

  /** Revokes every minted token; a failure is returned (the token expires within the hour), never thrown. */
  async revokeAll(): Promise<{ revoked: string[]; failed: Array<{ owner: string; problem: string }> }> {
    const revoked: string[] = [];
    const failed: Array<{ owner: string; problem: string }> = [];
    for (const access of this.#owners.values()) {
      if (access.token === undefined) continue;
      try {
        await access.client.request('DELETE /installation/token');
        revoked.push(access.needs.owner);
      } catch (error) {
        failed.push({ owner: access.needs.owner, problem: describeFailure(error, [access.token]) });
      }
      access.token = undefined;
    }
    return { revoked, failed };
  }

  #tokenOf(key: string): string {
    const token = this.#owners.get(key)?.token;
    // The preflight mints before any request of an owner's client; after revocation none is made.
    if (token === undefined) throw new Error(`no installation token for ${this.#owners.get(key)?.needs.owner ?? key}: the preflight mints it first`);
    return token;
  }

  /** The App's installation on the owner: the organization's for its own secrets, else a repository's. */
  async #installationOf(needs: OwnerNeeds): Promise<Installation> {
    const { owner } = needs;
    const [firstRepo] = needs.repositories;
    const app = `The GitHub App ${this.credentials.appId}`;
    try {
      const { data } =
        needs.organization || firstRepo === undefined
          ? await this.#app.request('GET /orgs/{org}/installation', { org: owner })
          : await this.#app.request('GET /repos/{owner}/{repo}/installation', { owner, repo: firstRepo });
      return data as unknown as Installation;
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) {
        const where = needs.organization || firstRepo === undefined ? `the organization ${owner}` : `${owner}, or not on its repository ${owner}/${firstRepo}`;
        throw new AppAccessError(
          `${app} is not installed on ${where}`,
          `Install the App on ${owner} (the App's settings > Install App > ${owner})${installAccess(needs)}. Nothing was changed.`,
          status,
        );
      }
      throw this.#appFailure(error, `Looking up the installation of ${app} on ${owner}`);
    }
  }

  async #mint(needs: OwnerNeeds, installation: Installation): Promise<{ value: string; expiresAt: string }> {
    const { owner, repositories } = needs;
    // No `repositories` for an organization's own secrets alone: GitHub reads an empty list as none
    // given (all the installation's); the permissions asked for are organization ones then.
    const body = { permissions: needs.tokenPermissions(), ...(repositories.length ? { repositories } : {}) };
    try {
      const { data } = await this.#app.request('POST /app/installations/{installation_id}/access_tokens', {
        installation_id: installation.id,
        ...body,
      });
      const { token, expires_at: expiresAt } = data as { token?: unknown; expires_at?: unknown };
      if (typeof token !== 'string' || !token) throw new AppAccessError(`GitHub answered no token for the installation on ${owner}`, 'Run again.');
      return { value: token, expiresAt: String(expiresAt ?? 'within the hour') };
    } catch (error) {
      if (error instanceof AppAccessError) throw error;
      if (statusOf(error) === 422) {
        const said = githubMessage(error);
        if (/permission/i.test(said)) throw missingPermissions(needs, needs.permissions, this.credentials.appId, said);
        throw new AppAccessError(
          `The installation of the GitHub App ${this.credentials.appId} on ${owner} does not reach every repository the run needs (${repositories.map((r) => `${owner}/${r}`).join(', ')}): GitHub answered 422 (${said})`,
          `Give the installation access to them: ${owner}'s settings > GitHub Apps > the App > Configure > Repository access${repositoryAccessHint(installation)}. Nothing was changed.`,
          422,
        );
      }
      throw this.#appFailure(error, `Minting the installation token for ${owner}`);
    }
  }

  #appFailure(error: unknown, what: string): AppAccessError {
    const status = statusOf(error);
    const text = describeFailure(error, []);
    if (rateLimitOf(error)) return new AppAccessError(`${what} was rate-limited by GitHub: ${text}`, 'Nothing was changed: run again once the limit resets.', status);
    if (status === 401) {
      return new AppAccessError(
        `${what} failed: GitHub refused the App's JSON web token (${text})`,
        "Check that app-id is the App's id (App settings > General > App ID) and private-key one of its current private keys (a deleted key stops working), and that the runner's clock is right. Nothing was changed.",
        status,
      );
    }
    return new AppAccessError(
      `${what} failed: ${text}`,
      'Nothing was changed: run again; check https://www.githubstatus.com (or your GitHub Enterprise Server) if it keeps failing.',
      status,
    );
  }
}

/** The permissions the installation lacks, said with where each is granted and how to accept it. */
function checkGranted(needs: OwnerNeeds, installation: Installation, appId: string): void {
  const missing = new Map<AppPermission, PermissionLevel>();
  for (const [name, level] of needs.permissions) {
    const granted = installation.permissions?.[name];
    if (!(granted === 'write' || (granted === 'read' && level === 'read'))) missing.set(name, level);
  }
  if (missing.size) throw missingPermissions(needs, missing, appId);
}

function missingPermissions(needs: OwnerNeeds, missing: ReadonlyMap<AppPermission, PermissionLevel>, appId: string, said?: string): AppAccessError {
  const list = [...missing].map(([name, level]) => `${PERMISSION_SETTINGS[name]}: ${level === 'write' ? 'Read and write' : 'Read-only'} (${name})`);
  return new AppAccessError(
    `The installation of the GitHub App ${appId} on ${needs.owner} lacks ${list.join(', ')}${said ? `: GitHub answered 422 (${said})` : ''}`,
    `Grant it in the App's settings > Permissions & events, then accept the new permissions on ${needs.owner} (its settings > GitHub Apps > the App: review the request). Nothing was changed.`,
  );
}

function installAccess(needs: OwnerNeeds): string {
  const { repositories, owner } = needs;
  return repositories.length ? ` with access to ${repositories.map((r) => `${owner}/${r}`).join(', ')} (Repository access: All, or these)` : '';
}

function repositoryAccessHint(installation: Installation): string {
  return installation.repository_selection === 'selected' ? ' (the installation has Only select repositories)' : '';
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
}

function githubMessage(error: unknown): string {
  const data = (error as { response?: { data?: unknown } })?.response?.data;
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : data;
  return redactCredentials(typeof message === 'string' ? message : '').slice(0, 200);
}

/** GitHub's status and message, or the network failure's name; scrubbed of `secrets` and of anything credential-shaped. */
function describeFailure(error: unknown, secrets: readonly string[]): string {
  const status = statusOf(error);
  if (status !== undefined && (error as { response?: unknown }).response !== undefined) {
    const said = githubMessage(error);
    return `GitHub answered ${status}${said ? ` (${said})` : ''}`;
  }
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  const text = error instanceof Error ? `${error.name}${cause ? ` ${cause}` : ''}: ${error.message}` : String(error);
  return `no answer from GitHub (${redactCredentials(text, secrets).slice(0, 200)})`;
}

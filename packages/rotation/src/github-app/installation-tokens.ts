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
import { WriteSpacing } from '../github-client/write-spacing.js';
import { laterTokenAuth } from './installation-token-auth.js';
import {
  AppAccessError,
  appRequestFailure,
  describeFailure,
  githubMessage,
  missingPermissions,
  notInstalled,
  outsideInstallation,
  statusOf,
} from './app-access-error.js';
import { type AppPermission, type GitHubNeed, OwnerNeeds, type PermissionLevel } from './needs.js';

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
      const client = buildGitHubClient(this.#settings, {
        authStrategy: laterTokenAuth as never,
        auth: { token: () => this.#tokenOf(key) },
      });
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
      checkGranted(this.credentials.appId, access.needs, installation);
      const token = await this.#mint(access.needs, installation);
      access.token = token.value;
      try {
        await this.credentials.onToken?.(token.value);
      } catch (error) {
        throw new AppAccessError(
          `The onToken hook failed for the installation token ` +
            `of ${access.needs.owner}: ${redactCredentials(String((error as Error)?.message ?? error), [token.value])}`,
          'Fix the hook; nothing was changed.',
        );
      }
      const repositories = access.needs.repositories;
      const levels = Object.entries(access.needs.tokenPermissions()).map(([name, level]) => `${name}: ${level}`);
      log(
        `GitHub App ${this.credentials.appId}: installation token for ${access.needs.owner} (installation ${installation.id}) ` +
          `with ${levels.join(', ')}` +
          `${repositories.length ? ` on ${repositories.map((r) => `${access.needs.owner}/${r}`).join(', ')}` : ''}, ` +
          `expires ${token.expiresAt}`,
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
    if (token === undefined)
      throw new Error(`no installation token for ${this.#owners.get(key)?.needs.owner ?? key}: the preflight mints it first`);
    return token;
  }

  /** The App's installation on the owner: the organization's for its own secrets, else a repository's. */
  async #installationOf(needs: OwnerNeeds): Promise<Installation> {
    const { owner } = needs;
    const [firstRepo] = needs.repositories;
    try {
      const { data } =
        needs.organization || firstRepo === undefined
          ? await this.#app.request('GET /orgs/{org}/installation', { org: owner })
          : await this.#app.request('GET /repos/{owner}/{repo}/installation', { owner, repo: firstRepo });
      return data as unknown as Installation;
    } catch (error) {
      if (statusOf(error) === 404) throw notInstalled(this.credentials.appId, needs, needs.organization ? undefined : firstRepo);
      throw appRequestFailure(error, `Looking up the installation of the GitHub App ${this.credentials.appId} on ${owner}`);
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
      if (typeof token !== 'string' || !token)
        throw new AppAccessError(`GitHub answered no token for the installation on ${owner}`, 'Run again.');
      return { value: token, expiresAt: String(expiresAt ?? 'within the hour') };
    } catch (error) {
      if (error instanceof AppAccessError) throw error;
      if (statusOf(error) === 422) {
        // GitHub's two refusals of a narrowing: a permission, or a repository, the installation lacks.
        const said = githubMessage(error);
        if (/permission/i.test(said)) throw missingPermissions(this.credentials.appId, needs, needs.permissions, said);
        throw outsideInstallation(this.credentials.appId, needs, installation.repository_selection, said);
      }
      throw appRequestFailure(error, `Minting the installation token for ${owner}`);
    }
  }
}

/** Throws when the installation grants less than the owner's requests need (read before minting). */
function checkGranted(appId: string, needs: OwnerNeeds, installation: Installation): void {
  const missing = new Map<AppPermission, PermissionLevel>();
  for (const [name, level] of needs.permissions) {
    const granted = installation.permissions?.[name];
    if (!(granted === 'write' || (granted === 'read' && level === 'read'))) missing.set(name, level);
  }
  if (missing.size) throw missingPermissions(appId, needs, missing);
}

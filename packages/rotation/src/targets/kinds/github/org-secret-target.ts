// Organization secrets: https://docs.github.com/en/rest/actions/secrets#create-or-update-an-organization-secret
// and Codespaces' (the same fields under /codespaces/):
// https://docs.github.com/en/rest/codespaces/organization-secrets#create-or-update-an-organization-secret
// A write must say the visibility, and for `selected` the repository ids: names in the spec are
// resolved to ids up front; with no visibility in the spec the secret keeps the one it has. The
// access the secret had before the run is read up front too: a rollback writes it back with the
// previous value, so a failed run changes neither.

import type { GitHubClient } from '../../../github-client/octokit.js';
import type { WriteOptions } from '../../secret-target.js';
import { GitHubSecretTarget, type GitHubTargetWords } from './github-secret-target.js';

/** Who may use an organization secret: every repository, private ones, or those listed. */
export type OrgVisibility = 'all' | 'private' | 'selected';

/** An organization secret's spec (`org:`, `codespaces-org:`); no `visibility` keeps the existing secret's (`private` for a new secret). */
export type OrganizationSpec<K extends string> = { kind: K; org: string; visibility?: OrgVisibility; repositories?: string[] };

interface Access {
  visibility: OrgVisibility;
  repositoryIds?: number[];
}

export class OrgSecretTarget<S extends OrganizationSpec<string>> extends GitHubSecretTarget<S> {
  /** Per secret name: the access a write gives it. */
  #access = new Map<string, Promise<Access>>();
  /** Per secret name: the access it had when first read (undefined: no such secret). */
  #previous = new Map<string, Promise<Access | undefined>>();

  /** `collection`: the organization's `actions` or `codespaces` secrets. */
  constructor(octokit: GitHubClient, spec: S, collection: string, words: GitHubTargetWords<S>) {
    super(octokit, spec, { route: `/orgs/{org}/${collection}/secrets`, params: { org: spec.org } }, words);
  }

  async prepare(secretName: string): Promise<void> {
    await this.#accessFor(secretName);
    await this.#previousAccess(secretName);
  }

  protected override async extraWriteFields(name: string, options: WriteOptions): Promise<Record<string, unknown>> {
    const previous = options.restore ? await this.#previousAccess(name) : undefined;
    const access = previous ?? (await this.#accessFor(name));
    return access.visibility === 'selected'
      ? { visibility: 'selected', selected_repository_ids: access.repositoryIds ?? [] }
      : { visibility: access.visibility };
  }

  #accessFor(secretName: string): Promise<Access> {
    return memoised(this.#access, secretName, async () => {
      const { visibility, repositories } = this.spec;
      if (visibility === 'selected') return { visibility, repositoryIds: await this.#repositoryIds(repositories ?? []) };
      if (visibility) return { visibility };
      return (await this.#previousAccess(secretName)) ?? { visibility: 'private' };
    });
  }

  #previousAccess(secretName: string): Promise<Access | undefined> {
    return memoised(this.#previous, secretName, async () => {
      const existing = await this.readSecret(secretName);
      if (!existing) return undefined;
      const current = existing.visibility;
      if (current === 'all' || current === 'private') return { visibility: current };
      if (current !== 'selected') return { visibility: 'private' };
      const selected = await this.call(`reading the repositories of the secret ${secretName}`, () =>
        this.octokit.paginate(`GET ${this.scope.route}/{secret_name}/repositories`, {
          org: this.spec.org,
          secret_name: secretName,
          per_page: 100,
        }),
      );
      return { visibility: 'selected', repositoryIds: (selected as Array<{ id: number }>).map((r) => r.id) };
    });
  }

  async #repositoryIds(names: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const name of names) {
      const { data } = await this.call(`looking up the repository ${this.spec.org}/${name}`, () =>
        this.octokit.request('GET /repos/{owner}/{repo}', { owner: this.spec.org, repo: name }),
      );
      ids.push(Number(data.id));
    }
    return ids;
  }
}

/** `load()` once per key; a failed load is tried again next time. */
export function memoised<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = load();
    value.catch(() => cache.delete(key));
    cache.set(key, value);
  }
  return value;
}

// Organization secrets: https://docs.github.com/en/rest/actions/secrets#create-or-update-an-organization-secret
// A write must say the visibility, and for `selected` the repository ids: names in the spec are
// resolved to ids up front; with no visibility in the spec the secret keeps the one it has.

import type { GitHubClient } from '../../github/octokit.js';
import type { OrgVisibility, TargetSpec } from '../spec.js';
import { GitHubSecretTarget } from './github-secret-target.js';

type OrgSpec = Extract<TargetSpec, { kind: 'org' }>;

interface Access {
  visibility: OrgVisibility;
  repositoryIds?: number[];
}

export class OrgSecretTarget extends GitHubSecretTarget {
  #access = new Map<string, Promise<Access>>();

  constructor(
    octokit: GitHubClient,
    override readonly spec: OrgSpec,
  ) {
    super(octokit, spec, { route: '/orgs/{org}/actions/secrets', params: { org: spec.org } });
  }

  async prepare(secretName: string): Promise<void> {
    await this.#accessFor(secretName);
  }

  protected override async extraWriteFields(name: string): Promise<Record<string, unknown>> {
    const access = await this.#accessFor(name);
    return access.visibility === 'selected'
      ? { visibility: 'selected', selected_repository_ids: access.repositoryIds ?? [] }
      : { visibility: access.visibility };
  }

  /** Memoised per secret name; a failed lookup is tried again next time. */
  #accessFor(secretName: string): Promise<Access> {
    let access = this.#access.get(secretName);
    if (!access) {
      access = this.#resolveAccess(secretName);
      access.catch(() => this.#access.delete(secretName));
      this.#access.set(secretName, access);
    }
    return access;
  }

  async #resolveAccess(secretName: string): Promise<Access> {
    const { visibility, repositories } = this.spec;
    if (visibility === 'selected') return { visibility, repositoryIds: await this.#repositoryIds(repositories ?? []) };
    if (visibility) return { visibility };
    const existing = await this.readSecret(secretName);
    const current = existing?.visibility;
    if (current === 'all' || current === 'private') return { visibility: current };
    if (current !== 'selected') return { visibility: 'private' };
    const selected = await this.call(`reading the repositories of the secret ${secretName}`, () =>
      this.octokit.paginate('GET /orgs/{org}/actions/secrets/{secret_name}/repositories', {
        org: this.spec.org,
        secret_name: secretName,
        per_page: 100,
      }),
    );
    return { visibility: 'selected', repositoryIds: (selected as Array<{ id: number }>).map((r) => r.id) };
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

// The token's user's Codespaces secrets:
// https://docs.github.com/en/rest/codespaces/secrets#create-or-update-a-secret-for-the-authenticated-user
// A user secret is available to the repositories selected for it (`selected_repository_ids`, any
// repository the user can reach). Names in the spec are resolved to ids up front; with no list the
// secret keeps its selection (the field is left out of the write). The selection before the run is
// read up front too: a rollback writes it back with the previous value, so a failed run changes neither.

import type { GitHubClient } from '../../../github-client/octokit.js';
import type { WriteOptions } from '../../secret-target.js';
import { GitHubSecretTarget, type GitHubTargetWords } from './github-secret-target.js';
import { memoised } from './org-secret-target.js';

const ROUTE = '/user/codespaces/secrets';

export class CodespacesUserSecretTarget<S extends { kind: string; repositories?: string[] }> extends GitHubSecretTarget<S> {
  /** Per secret name: the repository ids a write gives it (undefined: keep its selection). */
  #selection = new Map<string, Promise<number[] | undefined>>();
  /** Per secret name: the ids it had when first read (undefined: no such secret). */
  #previous = new Map<string, Promise<number[] | undefined>>();

  constructor(octokit: GitHubClient, spec: S, words: GitHubTargetWords<S>) {
    super(octokit, spec, { route: ROUTE, params: {} }, words);
  }

  async prepare(secretName: string): Promise<void> {
    await this.#selectionFor(secretName);
    await this.#previousSelection(secretName);
  }

  protected override async extraWriteFields(name: string, options: WriteOptions): Promise<Record<string, unknown>> {
    const previous = options.restore ? await this.#previousSelection(name) : undefined;
    const ids = previous ?? (await this.#selectionFor(name));
    return ids === undefined ? {} : { selected_repository_ids: ids };
  }

  #selectionFor(secretName: string): Promise<number[] | undefined> {
    return memoised(this.#selection, secretName, async () => {
      const { repositories } = this.spec;
      return repositories ? this.#repositoryIds(repositories) : undefined;
    });
  }

  #previousSelection(secretName: string): Promise<number[] | undefined> {
    return memoised(this.#previous, secretName, async () => {
      if (!(await this.readSecret(secretName))) return undefined;
      // One page: the operation takes no per_page or page, and answers every repository.
      const { data } = await this.call(`reading the repositories of the secret ${secretName}`, () =>
        this.octokit.request('GET /user/codespaces/secrets/{secret_name}/repositories', { secret_name: secretName }),
      );
      return (data.repositories as Array<{ id: number }>).map((r) => r.id);
    });
  }

  async #repositoryIds(fullNames: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const fullName of fullNames) {
      const [owner = '', repo = ''] = fullName.split('/');
      const { data } = await this.call(`looking up the repository ${fullName}`, () =>
        this.octokit.request('GET /repos/{owner}/{repo}', { owner, repo }),
      );
      ids.push(Number(data.id));
    }
    return ids;
  }
}

// `repo:OWNER/REPO`: a repository's Actions secret.
// https://docs.github.com/en/rest/actions/secrets#create-or-update-a-repository-secret

import { type RepositorySpec, repositoryKind } from './repository-kind.js';

/** A repository's Actions secret. */
export type RepoSpec = RepositorySpec<'repo'>;

export const repo = repositoryKind({
  name: 'repo',
  collection: 'actions',
  permission: 'secrets',
  permissions:
    'a fine-grained token with the Secrets: write permission, a GitHub App with `secrets` write, or a classic token with the `repo` scope; the workflow GITHUB_TOKEN cannot write secrets',
});

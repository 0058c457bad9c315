// `dependabot:OWNER/REPO`: a repository's Dependabot secret.
// https://docs.github.com/en/rest/dependabot/secrets#create-or-update-a-repository-secret

import { type RepositorySpec, repositoryKind } from './repository-kind.js';

/** A repository's Dependabot secret. */
export type DependabotSpec = RepositorySpec<'dependabot'>;

export const dependabot = repositoryKind({
  name: 'dependabot',
  collection: 'dependabot',
  permission: 'dependabot_secrets',
  permissions:
    'a fine-grained token with the Dependabot secrets: write permission, a GitHub App with `dependabot_secrets` write, or a classic token with the `repo` scope; the workflow GITHUB_TOKEN cannot write secrets',
});

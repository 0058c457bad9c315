// `codespaces:OWNER/REPO`: a repository's Codespaces secret (GitHub.com only). Codespaces secrets
// are named as Dependabot's are: the service, then the store in the spelling of its Actions counterpart.
// https://docs.github.com/en/rest/codespaces/repository-secrets

import { type RepositorySpec, repositoryKind } from './repository-kind.js';

/** A repository's Codespaces secret. */
export type CodespacesSpec = RepositorySpec<'codespaces'>;

export const codespaces = repositoryKind({
  name: 'codespaces',
  collection: 'codespaces',
  permission: 'codespaces_secrets',
  permissions:
    'a fine-grained token with the repository permission Codespaces secrets: write, a GitHub App with `codespaces_secrets` write, or a classic token with the `repo` scope (of a repository admin); the workflow GITHUB_TOKEN cannot write secrets',
  codespaces: true,
});

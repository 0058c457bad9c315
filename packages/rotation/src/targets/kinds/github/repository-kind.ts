// The stores of one repository a spec names as KIND:OWNER/REPO: its Actions secrets (`repo:`), its
// Dependabot secrets and its Codespaces secrets, each a collection under the repository:
// `/repos/{owner}/{repo}/<collection>/secrets`. Each kind is one call of repositoryKind, below.
// https://docs.github.com/en/rest/actions/secrets#create-or-update-a-repository-secret
// https://docs.github.com/en/rest/dependabot/secrets#create-or-update-a-repository-secret
// https://docs.github.com/en/rest/codespaces/repository-secrets (GitHub.com only)

import { GitHubSecretTarget, NO_WORKFLOW_TOKEN } from './github-secret-target.js';
import { parseRepository, repositoryProblem } from './github-names.js';
import type { GitHubKind, GitHubStore } from '../kind.js';

/** A repository's secret store, `KIND:OWNER/REPO`. */
export type RepositorySpec<K extends string> = { kind: K; owner: string; repo: string };

/** The kind of a repository's store of `collection`. */
export function repositoryKind<K extends string>(store: GitHubStore<K>): GitHubKind<RepositorySpec<K>> {
  const { name } = store;
  const kind: GitHubKind<RepositorySpec<K>> = {
    name,
    service: 'github',
    codespaces: store.codespaces ?? false,
    permissions: `${store.permissions}; ${NO_WORKFLOW_TOKEN}`,
    forms: `${name}:OWNER/REPO`,
    parse: (rest) => ({ kind: name, ...parseRepository(rest ?? '', `${name}:OWNER/REPO, e.g. ${name}:acme/web`) }),
    problem: repositoryProblem,
    format: (spec) => `${spec.kind}:${spec.owner}/${spec.repo}`,
    identity: (spec) => `${spec.kind}:${spec.owner}/${spec.repo}`.toLowerCase(),
    need: (spec, level) => ({ owner: spec.owner, permission: store.permission, level, repositories: [spec.repo] }),
    create: (clients, spec, level) => {
      const place = { route: `/repos/{owner}/{repo}/${store.collection}/secrets`, params: { owner: spec.owner, repo: spec.repo } };
      return new GitHubSecretTarget(clients.github(kind.need(spec, level)), spec, place, kind);
    },
  };
  return kind;
}

/** A repository's Actions secret. */
export type RepoSpec = RepositorySpec<'repo'>;
export const repo = repositoryKind({
  name: 'repo',
  collection: 'actions',
  permission: 'secrets',
  permissions:
    'a fine-grained token with the Secrets: write permission, a GitHub App with `secrets` write, or a classic token with the `repo` scope',
});

/** A repository's Dependabot secret. */
export type DependabotSpec = RepositorySpec<'dependabot'>;
export const dependabot = repositoryKind({
  name: 'dependabot',
  collection: 'dependabot',
  permission: 'dependabot_secrets',
  permissions:
    'a fine-grained token with the Dependabot secrets: write permission, a GitHub App with `dependabot_secrets` write, ' +
    'or a classic token with the `repo` scope',
});

/** A repository's Codespaces secret, named as Dependabot's is: the service, then the store as its Actions counterpart spells it. */
export type CodespacesSpec = RepositorySpec<'codespaces'>;
export const codespaces = repositoryKind({
  name: 'codespaces',
  collection: 'codespaces',
  permission: 'codespaces_secrets',
  permissions:
    'a fine-grained token with the repository permission Codespaces secrets: write, a GitHub App with `codespaces_secrets` write, ' +
    'or a classic token with the `repo` scope (of a repository admin)',
  codespaces: true,
});

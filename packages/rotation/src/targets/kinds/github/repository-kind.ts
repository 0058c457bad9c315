// The stores of one repository a spec names as KIND:OWNER/REPO: its Actions secrets (`repo:`), its
// Dependabot secrets and its Codespaces secrets, each a collection under the repository:
// `/repos/{owner}/{repo}/<collection>/secrets`.

import { GitHubSecretTarget } from './github-secret-target.js';
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
    permissions: store.permissions,
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

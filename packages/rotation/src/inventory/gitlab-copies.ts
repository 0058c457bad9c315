// The copies in a GitLab group: the group's CI/CD variables, then each of its projects' (subgroups'
// projects included), every listing paged (`per_page` 100, `X-Next-Page`). GitLab keys a variable by
// its name and environment scope, and keeps no time of its last change: a copy's `updatedAt` is null.
// https://docs.gitlab.com/api/group_level_variables/  https://docs.gitlab.com/api/groups/#list-projects

import { type GitLabClient, type GitLabRequest, GitLabRequestError } from '../targets/gitlab/gitlab-client.js';
import { listingGap } from './listing-gap.js';
import type { CopyStore, SecretCopy } from './secret-copy.js';
import type { PlaceListing, Walker } from './walk.js';

interface Variable {
  key: string;
  environment_scope?: string;
}

export function gitlabWalker(client: GitLabClient, group: string, matches: (name: string) => boolean, pace: () => Promise<void>): Walker {
  let requests = 0;

  // Paced, and counted page by page.
  const listAll = <T>(path: string, query: GitLabRequest['query'] = {}): Promise<T[]> =>
    client.paginate<T>(path, query, async () => {
      await pace();
      requests += 1;
    });

  const variables = async (store: CopyStore, path: string, out: PlaceListing) => {
    const what = store === 'gitlab-group' ? 'groups' : 'projects';
    const place = `${store}:${path}`;
    try {
      for (const variable of await listAll<Variable>(`/${what}/${encodeURIComponent(path)}/variables`)) {
        if (matches(variable.key)) out.copies.push(copyOf(store, path, variable));
      }
    } catch (error) {
      const role = store === 'gitlab-group' ? 'Owner' : 'Maintainer';
      out.unreadable.push(
        listingGap(
          error,
          place,
          (status) =>
            `GitLab answered ${status} listing the CI/CD variables of ${path}: give the token the ${role} role there (and the ` +
            `api or read_api scope), then run again`,
        ),
      );
    }
  };

  return {
    requests: () => requests,
    async places() {
      try {
        const projects = await listAll<{ path_with_namespace: string }>(`/groups/${encodeURIComponent(group)}/projects`, {
          include_subgroups: true,
          order_by: 'id',
          sort: 'asc',
        });
        return [`group:${group}`, ...projects.map((p) => p.path_with_namespace)];
      } catch (error) {
        const status = (error as { status?: number }).status;
        const said = `GitLab has no group ${group} that this token can see: check the path, or use a token with a role in ${group}`;
        if (status === 404) throw new GitLabRequestError(said, status, '');
        throw error;
      }
    },
    async list(place) {
      const out: PlaceListing = { copies: [], unreadable: [] };
      if (place === `group:${group}`) await variables('gitlab-group', group, out);
      else await variables('gitlab', place, out);
      return out;
    },
  };
}

function copyOf(store: CopyStore, path: string, variable: Variable): SecretCopy {
  const scope = variable.environment_scope ?? '*';
  // As gitlab-kind.ts writes a spec and its identity: the scope shown unless `*`, the path lower-case in the identity.
  return {
    store,
    place: `${store}:${path}${scope === '*' ? '' : `:${scope}`}`,
    identity: `${store}:${path.toLowerCase()}:${scope}`,
    name: variable.key,
    updatedAt: null,
  };
}

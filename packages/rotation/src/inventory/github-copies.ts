// The copies in a GitHub organization: its Actions, Dependabot and Codespaces secrets, then for each
// repository (listed once, by name) its Actions, Dependabot and Codespaces secrets and each
// environment's. Every listing is paged (`per_page` 100, following the `Link` header's `next`) and
// every page waits its turn (read-pacing.ts); the client waits out rate limits (Retry-After, reset).
// https://docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api

import type { GitHubClient } from '../github-client/octokit.js';
import { listingGap } from './listing-gap.js';
import type { CopyStore, SecretCopy } from './secret-copy.js';
import type { PlaceListing, Walker } from './walk.js';

interface Listed {
  name: string;
  updated_at?: string;
}

/** Who may read each store: what a 403 asks for. */
const READ_PERMISSION: Record<Exclude<CopyStore, 'gitlab' | 'gitlab-group'>, string> = {
  repo: 'the repository permission Secrets: read',
  env: 'the repository permissions Environments: read and Secrets: read',
  dependabot: 'the repository permission Dependabot secrets: read',
  codespaces: 'the repository permission Codespaces secrets: read',
  org: "the organization permission Secrets: read (an organization owner's token)",
  'dependabot-org': 'the organization permission Dependabot secrets: read',
  'codespaces-org': 'the organization permission Codespaces secrets: read',
};

export function githubWalker(octokit: GitHubClient, org: string, matches: (name: string) => boolean, pace: () => Promise<void>): Walker {
  let requests = 0;

  /** Every item of a listing, page by page; `pick` takes a page's items out of its body. */
  const listAll = async <T>(route: string, params: Record<string, string>, pick: (data: unknown) => T[]): Promise<T[]> => {
    const items: T[] = [];
    let next: string | undefined;
    do {
      await pace();
      requests += 1;
      const answer = next
        ? await octokit.request({ method: 'GET', url: next })
        : await octokit.request(`GET ${route}`, { ...params, per_page: 100 });
      items.push(...pick(answer.data));
      next = /<([^>]+)>;\s*rel="next"/.exec(String(answer.headers.link ?? ''))?.[1];
    } while (next);
    return items;
  };

  const secretsOf = (data: unknown) => ((data as { secrets?: Listed[] }).secrets ?? []) as Listed[];

  /** The matching secrets of one store, or the gap its listing leaves. */
  const store = async (
    kind: keyof typeof READ_PERMISSION,
    place: string,
    route: string,
    params: Record<string, string>,
    out: PlaceListing,
  ) => {
    try {
      for (const secret of await listAll(route, params, secretsOf)) {
        if (matches(secret.name)) out.copies.push(copyOf(kind, place, secret));
      }
    } catch (error) {
      out.unreadable.push(listingGap(error, place, (status) => gapAdvice(status, place, READ_PERMISSION[kind])));
    }
  };

  return {
    requests: () => requests,
    async places() {
      try {
        const repos = await listAll(
          '/orgs/{org}/repos',
          { org, sort: 'full_name', direction: 'asc' },
          (data) => data as Array<{ full_name: string }>,
        );
        return [`org:${org}`, ...repos.map((r) => r.full_name)];
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status === 404)
          throw Object.assign(
            new Error(`GitHub has no organization ${org} that this token can see: check the name, or use a token of a member of ${org}`),
            { status },
          );
        throw error;
      }
    },
    async list(place) {
      const out: PlaceListing = { copies: [], unreadable: [] };
      if (place === `org:${org}`) {
        await store('org', `org:${org}`, '/orgs/{org}/actions/secrets', { org }, out);
        await store('dependabot-org', `dependabot-org:${org}`, '/orgs/{org}/dependabot/secrets', { org }, out);
        await store('codespaces-org', `codespaces-org:${org}`, '/orgs/{org}/codespaces/secrets', { org }, out);
        return out;
      }
      const [owner = '', repo = ''] = place.split('/');
      const params = { owner, repo };
      await store('repo', `repo:${place}`, '/repos/{owner}/{repo}/actions/secrets', params, out);
      await store('dependabot', `dependabot:${place}`, '/repos/{owner}/{repo}/dependabot/secrets', params, out);
      await store('codespaces', `codespaces:${place}`, '/repos/{owner}/{repo}/codespaces/secrets', params, out);
      let environments: string[] = [];
      try {
        environments = (
          await listAll('/repos/{owner}/{repo}/environments', params, (data) => (data as { environments?: Listed[] }).environments ?? [])
        ).map((e) => e.name);
      } catch (error) {
        out.unreadable.push(
          listingGap(error, `environments of ${place}`, (status) => gapAdvice(status, `environments of ${place}`, READ_PERMISSION.env)),
        );
      }
      for (const environment of environments) {
        await store(
          'env',
          `env:${place}:${environment}`,
          '/repos/{owner}/{repo}/environments/{environment_name}/secrets',
          { ...params, environment_name: environment },
          out,
        );
      }
      return out;
    },
  };
}

function copyOf(store: CopyStore, place: string, secret: Listed): SecretCopy {
  // Target identities are lower-case for GitHub's places (targetIdentity): names there are case-insensitive.
  return { store, place, identity: place.toLowerCase(), name: secret.name, updatedAt: secret.updated_at ?? null };
}

function gapAdvice(status: 403 | 404, place: string, permission: string): string {
  return status === 403
    ? `GitHub refused to list ${place} (403): give the token ${permission}, then run again`
    : `GitHub answered 404 listing ${place}: the token cannot see it (give it ${permission}), or the feature is off there`;
}

// The secrets of one organization a spec names as KIND:ORG[:all|private|selected:REPO,REPO]: its
// Actions secrets (`org:`) and its Codespaces secrets (`codespaces-org:`, which takes what `org:`
// takes). The visibility and the repositories travel with every write (org-secret-target.ts). Each
// kind is one call of organizationKind, below.
// https://docs.github.com/en/rest/actions/secrets#create-or-update-an-organization-secret
// https://docs.github.com/en/rest/codespaces/organization-secrets#create-or-update-an-organization-secret (GitHub.com only)

import { NO_WORKFLOW_TOKEN } from './github-secret-target.js';
import { type OrganizationSpec, OrgSecretTarget } from './org-secret-target.js';
import { commentHint, isName, OWNER, REPO } from './github-names.js';
import type { GitHubKind, GitHubStore } from '../kind.js';

/** The kind of an organization's store of `collection`. */
export function organizationKind<K extends string>(store: GitHubStore<K>): GitHubKind<OrganizationSpec<K>> {
  const { name } = store;
  const kind: GitHubKind<OrganizationSpec<K>> = {
    name,
    service: 'github',
    codespaces: store.codespaces ?? false,
    permissions: `${store.permissions}; ${NO_WORKFLOW_TOKEN}`,
    forms: `${name}:ORG[:all|private|selected:REPO,REPO]`,
    commaContinues: (rest) => /^[^:]*:selected:/.test(rest),
    parse: (rest = '') => parseOrganization(name, rest),
    problem: organizationProblem,
    format(spec) {
      if (!spec.visibility) return `${spec.kind}:${spec.org}`;
      if (spec.visibility !== 'selected') return `${spec.kind}:${spec.org}:${spec.visibility}`;
      return `${spec.kind}:${spec.org}:selected:${(spec.repositories ?? []).join(',')}`;
    },
    // One secret whatever its visibility or repository list.
    identity: (spec) => `${spec.kind}:${spec.org}`.toLowerCase(),
    // `selected:` names are looked up for their ids, which needs the repositories in the token.
    need: (spec, level) => ({
      owner: spec.org,
      permission: store.permission,
      level,
      repositories: spec.visibility === 'selected' ? (spec.repositories ?? []) : [],
      organization: true,
    }),
    create: (clients, spec, level) => new OrgSecretTarget(clients.github(kind.need(spec, level)), spec, store.collection, kind),
  };
  return kind;
}

function parseOrganization<K extends string>(kind: K, rest: string): OrganizationSpec<K> {
  const expected = `${kind}:ORG, ${kind}:ORG:all, ${kind}:ORG:private or ${kind}:ORG:selected:REPO,REPO`;
  const [org = '', visibility, ...tail] = rest.split(':').map((p) => p.trim());
  if (!OWNER.test(org)) throw new Error(`expected ${expected}${commentHint(rest)}`);
  if (visibility === undefined) return { kind, org };
  if (visibility === 'all' || visibility === 'private') {
    if (tail.length) throw new Error(`"${visibility}" takes no repository list: expected ${expected}`);
    return { kind, org, visibility };
  }
  if (visibility !== 'selected') throw new Error(`unknown visibility "${visibility}": expected ${expected}`);
  const repositories = tail
    .join(':')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      // `ORG/REPO` is accepted too, as long as it names a repository of that organization.
      const [first = '', second] = r.split('/');
      const name = second === undefined ? first : second;
      if ((second !== undefined && first.toLowerCase() !== org.toLowerCase()) || !REPO.test(name)) {
        throw new Error(`"${r}" is not a repository of ${org}: expected ${expected}`);
      }
      return name;
    });
  if (!repositories.length) throw new Error(`"selected" needs at least one repository: expected ${expected}`);
  return { kind, org, visibility, repositories };
}

const VISIBILITIES: readonly string[] = ['all', 'private', 'selected'];

function organizationProblem(spec: OrganizationSpec<string>): string | undefined {
  if (!isName(OWNER, spec.org)) return 'org must name a GitHub organization';
  const { visibility, repositories } = spec;
  if (visibility !== undefined && !VISIBILITIES.includes(visibility)) return 'visibility must be all, private or selected';
  if (visibility !== 'selected') return repositories === undefined ? undefined : 'repositories are only for visibility "selected"';
  if (!Array.isArray(repositories) || !repositories.length) return '"selected" needs at least one repository';
  const bad = repositories.find((name) => !isName(REPO, name));
  return bad === undefined ? undefined : `repositories must be names of ${spec.org}'s repositories, not ${JSON.stringify(bad)}`;
}

/** An organization's Actions secret; no `visibility` keeps the existing secret's (`private` for a new secret). */
export type OrgSpec = OrganizationSpec<'org'>;
export const org = organizationKind({
  name: 'org',
  collection: 'actions',
  permission: 'organization_secrets',
  permissions:
    'a fine-grained token with the organization permission Secrets: write, a GitHub App with `organization_secrets` write, ' +
    'or a classic token with the `admin:org` scope',
});

/** An organization's Codespaces secret, with the fields of its Actions secret. */
export type CodespacesOrgSpec = OrganizationSpec<'codespaces-org'>;
export const codespacesOrg = organizationKind({
  name: 'codespaces-org',
  collection: 'codespaces',
  permission: 'organization_codespaces_secrets',
  permissions:
    'a fine-grained token with the organization permission Codespaces secrets: write, ' +
    'a GitHub App with `organization_codespaces_secrets` write, or a classic token with the `admin:org` scope',
  codespaces: true,
});

// Every target kind, and the one place a spec is matched to its kind. Adding a kind: its descriptor
// in its service's folder (github/, gitlab/, vercel/, or a new one), a line here, its store in the
// emulator and a row of the simulator's matrix (CONTRIBUTING.md, "Adding a target kind").

import type { GitHubClient } from '../../github-client/octokit.js';
import type { GitLabClient } from '../gitlab/gitlab-client.js';
import type { PlainValueTarget, SealedSecretTarget } from '../secret-target.js';
import { type CodespacesUserSpec, codespacesUser } from './github/codespaces-user.js';
import { type EnvSpec, env } from './github/env.js';
import { type GitLabGroupSpec, type GitLabProjectSpec, gitlab, gitlabGroup } from './gitlab/gitlab-kind.js';
import type { GitHubKind, GitLabKind, TargetClients, VercelKind, VercelTargetSettings } from './kind.js';
import { type CodespacesOrgSpec, codespacesOrg, type OrgSpec, org } from './github/organization-kind.js';
import { type CodespacesSpec, codespaces, type DependabotSpec, dependabot, type RepoSpec, repo } from './github/repository-kind.js';
import { type VercelSpec, vercel } from './vercel/vercel.js';
import type { VercelClient } from '../vercel/vercel-client.js';

/** A parsed spec of a GitHub secret store. */
export type GitHubTargetSpec = RepoSpec | EnvSpec | OrgSpec | DependabotSpec | CodespacesSpec | CodespacesOrgSpec | CodespacesUserSpec;

/** A parsed spec of a GitLab CI/CD variable: a project's or a group's, keyed by its name and environment scope. */
export type GitLabTargetSpec = GitLabProjectSpec | GitLabGroupSpec;

/** A parsed spec of a Vercel project's environment variable. */
export type VercelTargetSpec = VercelSpec;

/** A parsed target spec: which secret store the rotated key is written to. */
export type TargetSpec = GitHubTargetSpec | GitLabTargetSpec | VercelTargetSpec;

/** A kind, as the registry hands it out: it is given only specs of its own kind. */
export type TargetKind = GitHubKind<TargetSpec> | GitLabKind<TargetSpec> | VercelKind<TargetSpec>;

/** Every kind, in the order the spec errors list their forms. */
export const TARGET_KINDS: readonly TargetKind[] = [
  repo,
  env,
  org,
  dependabot,
  codespaces,
  codespacesOrg,
  codespacesUser,
  gitlab,
  gitlabGroup,
  vercel,
];

const BY_NAME = new Map<unknown, TargetKind>(TARGET_KINDS.map((kind) => [kind.name, kind]));

/** The kind named `name` (a spec's prefix, or a caller's `kind` field), if there is one. */
export function findKind(name: unknown): TargetKind | undefined {
  return BY_NAME.get(name);
}

/** The kind of a spec. */
export function kindOf(spec: GitHubTargetSpec): GitHubKind<TargetSpec>;
export function kindOf(spec: GitLabTargetSpec): GitLabKind<TargetSpec>;
export function kindOf(spec: VercelTargetSpec): VercelKind<TargetSpec>;
export function kindOf(spec: TargetSpec): TargetKind;
export function kindOf(spec: TargetSpec): TargetKind {
  return BY_NAME.get(spec.kind)!;
}

/** Whether a spec's store is reached through the access of `service` (the `github`, `gitlab` or `vercel` option). */
export function reachedThrough(service: TargetKind['service']): (spec: TargetSpec) => boolean {
  return (spec) => kindOf(spec).service === service;
}

/** The canonical text of a spec, as reports and logs show it. */
export function formatTargetSpec(spec: TargetSpec): string {
  return kindOf(spec).format(spec);
}

/**
 * Which secret store a spec names, whatever its spelling: GitHub names (owners, repositories,
 * environments, organizations) are case-insensitive, and an organization secret is one secret
 * whatever its visibility or repository list. Used to derive the family and refuse duplicates.
 */
export function targetIdentity(spec: TargetSpec): string {
  return kindOf(spec).identity(spec);
}

/** Clients of the one service a public `create*Target` is given: a spec's kind asks only for its own. */
function onlyClients(given: Partial<TargetClients>): TargetClients {
  const absent = (): never => {
    throw new Error('a create*Target was given a spec of another service');
  };
  return { github: absent, gitlab: absent, vercel: absent, ...given };
}

/**
 * The GitHub secret store a parsed spec names, written through `octokit` (one from
 * `createGitHubClient` retries, waits out rate limits and spaces its writes as GitHub asks).
 */
export function createGitHubTarget(octokit: GitHubClient, spec: GitHubTargetSpec): SealedSecretTarget {
  return kindOf(spec).create(onlyClients({ github: () => octokit }), spec, 'write');
}

/** The GitLab variable a parsed spec names, written through `client` (from `createGitLabClient`). */
export function createGitLabTarget(client: GitLabClient, spec: GitLabTargetSpec): PlainValueTarget {
  return kindOf(spec).create(onlyClients({ gitlab: () => client }), spec);
}

/** The Vercel variable a parsed spec names, written through `client` (from `createVercelClient`). */
export function createVercelTarget(client: VercelClient, spec: VercelTargetSpec, settings: VercelTargetSettings = {}): PlainValueTarget {
  return kindOf(spec).create(onlyClients({ vercel: () => ({ client, settings }) }), spec);
}

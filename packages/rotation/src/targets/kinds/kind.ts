// A target kind: everything one kind of target spec means (`repo:`, `env:`, `gitlab:`...), in one
// descriptor: its forms and grammar, the store it names, what writing it needs and the target that
// writes it. registry.ts lists the kinds; nothing else asks which kind a spec is.

import type { AppPermission, GitHubNeed, PermissionLevel } from '../../github-app/needs.js';
import type { GitHubClient } from '../../github-client/octokit.js';
import type { GitLabClient } from '../gitlab/gitlab-client.js';
import type { PlainValueTarget, SealedSecretTarget, SecretTarget } from '../secret-target.js';
import type { VercelClient } from '../vercel/vercel-client.js';

/** The clients a target is written through: each kind asks for its own service's, so no caller asks which kind a spec is. */
export interface TargetClients {
  /** GitHub's client for a request needing `need` (an App's installation token is minted for it; undefined: none reaches it). */
  github(need: GitHubNeed | undefined): GitHubClient;
  gitlab(): GitLabClient;
  vercel(): { client: VercelClient; settings: VercelTargetSettings };
}

/** What every kind says of its specs. */
interface KindGrammar<S extends { kind: string }> {
  /** The spec's prefix and its `kind`: `repo` in `repo:acme/web`. */
  readonly name: S['kind'];
  /** Its forms, as the spec errors quote them: `repo:OWNER/REPO`. */
  readonly forms: string;
  /** Whether a comma in `rest` (the text after `kind:`) continues this spec: a list of repositories, an environment name. */
  commaContinues?(rest: string): boolean;
  /** The spec written `kind:rest` (`rest` undefined when no colon follows); throws an Error saying what is expected. */
  parse(rest: string | undefined): S;
  /** What is wrong with the fields of a spec given parsed (a caller's object), if anything. */
  problem(spec: S): string | undefined;
  /** The canonical text, as reports and logs show it. */
  format(spec: S): string;
  /** Which store the spec names, whatever its spelling: the family is derived from it, duplicates refused by it. */
  identity(spec: S): string;
  /** A Codespaces store: GitHub.com only (kinds/github/codespaces-access.ts). */
  readonly codespaces?: boolean;
  /** Why a GitHub App's installation token cannot reach it, when it cannot. */
  readonly appRefusal?: string;
  /** The target that writes the spec's store (`level` read: a retired target, only read back). */
  create(clients: TargetClients, spec: S, level: PermissionLevel): SecretTarget;
}

/** A GitHub secret store, written sealed through a GitHub client. */
export interface GitHubKind<S extends { kind: string }> extends KindGrammar<S> {
  readonly service: 'github';
  /** What may write it: the advice on a 403 or a 404. */
  readonly permissions: string;
  /** The App permission writing it (or reading it, retired) needs; undefined when no App permission reaches it. */
  need(spec: S, level: PermissionLevel): GitHubNeed | undefined;
  create(clients: TargetClients, spec: S, level: PermissionLevel): SealedSecretTarget;
}

/** A GitLab CI/CD variable, written as plain text through a GitLab client. */
export interface GitLabKind<S extends { kind: string }> extends KindGrammar<S> {
  readonly service: 'gitlab';
  create(clients: TargetClients, spec: S): PlainValueTarget;
}

/** What a Vercel target is built with beside its client: whether production is redeployed (`vercelRedeploy`). */
export interface VercelTargetSettings {
  /** Undefined: redeploy production targets (the default). */
  redeploy?: boolean;
}

/** A Vercel project's environment variable, written as plain text through a Vercel client. */
export interface VercelKind<S extends { kind: string }> extends KindGrammar<S> {
  readonly service: 'vercel';
  create(clients: TargetClients, spec: S): PlainValueTarget;
}

/** What a GitHub store of a kind family differs by: its name, where its secrets live and who may write them. */
export interface GitHubStore<K extends string> {
  name: K;
  /** The secrets collection under the repository or organization: `actions`, `dependabot`, `codespaces`. */
  collection: string;
  /** The App permission that writes it. */
  permission: AppPermission;
  permissions: string;
  codespaces?: boolean;
}

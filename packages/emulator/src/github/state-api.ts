// The emulator's programmatic side, for tests and the control API: add repositories, environments,
// organizations and tokens; read, seed and re-key secrets as if GitHub had stored them.

import {
  describeInstallation,
  type GitHubAppCredentials,
  type GitHubInstallation,
  type InstallationOptions,
  type MintedToken,
} from './apps.js';
import type { TokenPermission } from './auth.js';
import { GitHubError } from './github-error.js';
import { secretNameProblem, secretValueProblem } from './names.js';
import type { GitHubContext } from './routes/github-route.js';
import { issuesOf, type StoredIssue } from './routes/issues.js';
import { storedVariables } from './routes/variables.js';
import { userSelectableIds } from './routes/codespaces-user-secrets.js';
import { selectableRepositoryIds } from './routes/org-secrets.js';
import { publicKeyBase64 } from './sealed-box.js';
import {
  type AlertResolution,
  type AlertState,
  alertsOf,
  type RaiseAlertOptions,
  raiseAlert,
  type SecretScanningAlert,
} from './secret-scanning-alerts.js';
import type { OrgSecretVisibility } from './secret-store.js';
import { type GitHubTargetRef, formatTargetRef, hasVisibility, parseTargetRef } from './target-ref.js';
import { DEFAULT_USER, type SecretTarget } from './targets.js';

/** A target as a reference object or its text form (`repo:o/r`, `env:o/r:ENV`, `org:ORG`, `dependabot:o/r`). */
export type GitHubTarget = GitHubTargetRef | string;

/** Thrown by the state API for a target whose repository, environment or organization does not exist. */
export class UnknownTargetError extends Error {
  override name = 'UnknownTargetError';
}

export interface GitHubSecretMeta {
  name: string;
  created_at: string;
  updated_at: string;
  visibility?: OrgSecretVisibility;
  selected_repository_ids?: number[];
}

export interface OrgSecretFields {
  visibility?: OrgSecretVisibility;
  selected_repository_ids?: number[];
}

/** A secret-scanning alert as tests see it: never its value. */
export interface GitHubAlertView {
  number: number;
  repository: string;
  secretType: string;
  state: AlertState;
  resolution: AlertResolution | null;
  resolutionComment: string | null;
  /** Every change of state that landed, oldest first: an alert resolved once has one `resolved`. */
  history: { state: AlertState; resolution: AlertResolution | null; comment: string | null; at: string }[];
}

export interface GitHubStateApi {
  addRepo(fullName: string): { id: number };
  addEnvironment(fullName: string, environment: string): { id: number };
  addOrg(org: string): { id: number };
  /**
   * Adds a token (or changes its permissions) acting for `options.user` (DEFAULT_USER, `octocat`,
   * unless named: its Codespaces user secrets are `codespaces-user:LOGIN`), with its secrets
   * permission and its "Secret scanning alerts" permission (`options.secretScanningAlerts`, `none`
   * unless given); `actor` is how the request log names it.
   */
  addToken(
    token: string,
    permission: TokenPermission,
    options?: { user?: string; secretScanningAlerts?: TokenPermission },
  ): { actor: string };
  /** Raises an open secret-scanning alert: `secret` found in repository `fullName`, of `secretType`. */
  raiseSecretScanningAlert(fullName: string, options: RaiseAlertOptions): GitHubAlertView;
  /** A repository's alerts, oldest first (an unknown repository throws UnknownTargetError). */
  secretScanningAlerts(fullName: string): GitHubAlertView[];
  /** A repository's issues, oldest first, as stored (routes/issues.ts). */
  issues(fullName: string): StoredIssue[];
  /** A repository's Actions variables (name and value), sorted by name: read as stored, with no request. */
  variables(fullName: string): Array<{ name: string; value: string }>;
  /** The decrypted value, for tests; undefined for an unknown target or secret. */
  secretValue(target: GitHubTarget, name: string): string | undefined;
  secret(target: GitHubTarget, name: string): GitHubSecretMeta | undefined;
  /** Seeds a secret as if written earlier: at `writtenAt` (default now), with an org's fields (`private` unless told). */
  putSecretValue(target: GitHubTarget, name: string, value: string, fields?: OrgSecretFields & { writtenAt?: Date }): 'created' | 'updated';
  /** A new key pair and key_id for the target; values sealed with the old key are refused from now on. */
  rotatePublicKey(target: GitHubTarget): { key_id: string; key: string };
  /** A GitHub App with a new RSA key pair; its private key (PEM) is returned only here. */
  /** An App with a new RSA key, or the PKCS#1 `privateKey` given (so many Apps can share one). */
  createApp(options?: { name?: string; privateKey?: string }): GitHubAppCredentials;
  /** Installs an app on an organization or user account, on all or some of its repositories, with `permissions`. */
  installApp(appId: number, options: InstallationOptions): GitHubInstallation;
  /** Every installation of an app. */
  installations(appId: number): GitHubInstallation[];
  /** Every installation token minted for an app, in order: owner, permissions, repositories, revoked (never the value). */
  installationTokens(appId: number): MintedToken[];
}

export function createStateApi(ctx: GitHubContext): GitHubStateApi {
  const { world } = ctx;
  const find = (target: GitHubTarget): SecretTarget | undefined =>
    world.target(typeof target === 'string' ? parseTargetRef(target) : target);
  const mustFind = (target: GitHubTarget): SecretTarget => {
    const found = find(target);
    if (!found) {
      const text = typeof target === 'string' ? target : formatTargetRef(target);
      throw new UnknownTargetError(`no such target: ${text} (add its repository, environment or organization first)`);
    }
    return found;
  };

  const mustFindRepo = (fullName: string) => {
    const [owner, name] = String(fullName).split('/');
    const repo = owner && name ? world.repo(owner, name) : undefined;
    if (!repo) throw new UnknownTargetError(`no such repository: ${fullName} (add it first)`);
    return repo;
  };

  return {
    addRepo: (fullName) => ({ id: world.addRepo(fullName).id }),
    addEnvironment: (fullName, environment) => ({ id: world.addEnvironment(fullName, environment).id }),
    addOrg: (org) => ({ id: world.addOrg(org).id }),
    addToken: (token, permission, { user = DEFAULT_USER, secretScanningAlerts } = {}) => {
      // Checked in full (the login too) before the user is added.
      const { actor } = ctx.tokens.add(token, permission, world.user(user)?.login ?? user, secretScanningAlerts);
      world.addUser(user);
      return { actor };
    },
    raiseSecretScanningAlert: (fullName, options) => alertView(raiseAlert(mustFindRepo(fullName), options, world.clock())),
    secretScanningAlerts: (fullName) => alertsOf(mustFindRepo(fullName)).map(alertView),
    issues: (fullName) => issuesOf(mustFindRepo(fullName)).map((issue) => structuredClone(issue)),
    variables: (fullName) => storedVariables(mustFindRepo(fullName)),

    secretValue: (target, name) => find(target)?.secrets.get(name)?.value,

    secret: (target, name) => {
      const secret = find(target)?.secrets.get(name);
      if (!secret) return undefined;
      const meta: GitHubSecretMeta = { name: secret.name, created_at: secret.createdAt, updated_at: secret.updatedAt };
      if (secret.visibility !== undefined) meta.visibility = secret.visibility;
      if (secret.selectedRepositoryIds !== undefined) meta.selected_repository_ids = [...secret.selectedRepositoryIds];
      return meta;
    },

    putSecretValue: (target, name, value, fields = {}) => {
      const found = mustFind(target);
      const problem = secretNameProblem(name) ?? (typeof value === 'string' ? secretValueProblem(value) : 'a secret value is a string');
      if (problem) throw new TypeError(problem);
      const hasFields = fields.visibility !== undefined || fields.selected_repository_ids !== undefined;
      if (!hasVisibility(found.ref) && hasFields) throw new TypeError('only organization and Codespaces user secrets have a visibility');
      const at = fields.writtenAt;
      if (!hasVisibility(found.ref)) return found.secrets.put(name, { value, at });
      if (found.ref.kind === 'codespaces-user') {
        // A user secret is for selected repositories, any the user can reach.
        if (fields.visibility !== undefined && fields.visibility !== 'selected')
          throw new TypeError('a Codespaces user secret is for selected repositories');
        const ids = fields.selected_repository_ids && asTypeError(() => userSelectableIds(ctx, fields.selected_repository_ids, ''));
        return found.secrets.put(name, { value, visibility: 'selected', selectedRepositoryIds: ids, at });
      }
      if (fields.visibility !== undefined && !['all', 'private', 'selected'].includes(fields.visibility)) {
        throw new TypeError('an organization secret visibility is all, private or selected');
      }
      const visibility = fields.visibility ?? found.secrets.get(name)?.visibility ?? 'private';
      if (visibility !== 'selected' && (fields.selected_repository_ids ?? []).length > 0) {
        throw new TypeError('selected_repository_ids need the visibility selected');
      }
      const org = world.org(found.ref.org)!;
      const ids =
        fields.selected_repository_ids && asTypeError(() => selectableRepositoryIds(world, org, fields.selected_repository_ids, ''));
      return found.secrets.put(name, { value, visibility: fields.visibility, selectedRepositoryIds: ids, at });
    },

    createApp: (options) => ctx.apps.createApp(options),
    installApp: (appId, options) => ctx.apps.install(appId, options),
    installations: (appId) => ctx.apps.installationsOf(appId).map(describeInstallation),
    installationTokens: (appId) => ctx.apps.mintedFor(appId),

    rotatePublicKey: (target) => {
      const found = mustFind(target);
      world.rotateKey(found);
      return { key_id: found.key.keyId, key: publicKeyBase64(found.key) };
    },
  };
}

/** A GitHub 422 for a bad repository id, as the TypeError the state API throws for bad input. */
function asTypeError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof GitHubError ? new TypeError(error.message.replace(/^Invalid request\.\n\n/, '')) : error;
  }
}

function alertView(alert: SecretScanningAlert): GitHubAlertView {
  return {
    number: alert.number,
    repository: alert.repository.fullName,
    secretType: alert.secretType,
    state: alert.state,
    resolution: alert.resolution,
    resolutionComment: alert.resolutionComment,
    history: alert.history.map((change) => ({ ...change })),
  };
}

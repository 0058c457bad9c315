// GitHub Apps: apps with an RSA key pair, their installations on an owner (an organization or a user
// account) with a repository selection and permissions, and the installation tokens they mint
// (`ghs_…`, one hour, at most the installation's permissions and repositories, revocable).
// Token values are kept only as SHA-256 digests, as the platform keeps its keys.
// https://docs.github.com/apps/creating-github-apps/authenticating-with-a-github-app/about-authentication-with-a-github-app

import { createPrivateKey, createPublicKey, generateKeyPairSync, hash, randomInt } from 'node:crypto';
import type { JwtIssuer } from './app-jwt.js';
import type { GitHubTargetRef } from './target-ref.js';
import type { GitHubWorld } from './targets.js';

/** The level of one app permission; `write` covers `read`. */
export type AppPermissionLevel = 'read' | 'write';
/** Permission name (`secrets`, `environments`, `organization_secrets`, ...) to its level. */
export type AppPermissions = Record<string, AppPermissionLevel>;

/** What a test gets back for a new app: the private key is returned only here. */
export interface GitHubAppCredentials {
  id: number;
  clientId: string;
  slug: string;
  name: string;
  /** PKCS#1 PEM, as GitHub's "Generate a private key" downloads it. */
  privateKey: string;
}

/** How an app is installed: on which owner, which of its repositories, with which permissions. */
export interface InstallationOptions {
  /** The organization or user account installed on. */
  owner: string;
  /** `all` (the default) or repository names (without the owner) of the owner. */
  repositories?: 'all' | string[];
  /** What the installation was granted; `metadata: read` is always added, as GitHub does. */
  permissions: AppPermissions;
}

/** An installation as the emulator describes it to tests (the API answers GitHub's full `installation`). */
export interface GitHubInstallation {
  id: number;
  appId: number;
  owner: string;
  ownerType: 'Organization' | 'User';
  repositorySelection: 'all' | 'selected';
  permissions: AppPermissions;
}

export interface AppRecord extends JwtIssuer {
  clientId: string;
  slug: string;
  name: string;
}

export interface InstallationRecord {
  id: number;
  app: AppRecord;
  owner: string;
  ownerId: number;
  ownerType: 'Organization' | 'User';
  selection: 'all' | 'selected';
  repositoryIds: Set<number>;
  permissions: AppPermissions;
  createdAt: string;
}

/** What an installation token may do: its installation's owner, repositories and permissions, or fewer. */
export interface InstallationGrant {
  installation: InstallationRecord;
  /** `all`: every repository of the owner, present and future (an installation on all of them). */
  repositoryIds: ReadonlySet<number> | 'all';
  permissions: AppPermissions;
  expiresAtMs: number;
  tokenId: number;
}

/** A minted installation token as tests see it (never its value). */
export interface MintedToken {
  installationId: number;
  owner: string;
  permissions: AppPermissions;
  /** `all`, or the full names of the repositories it reaches. */
  repositories: 'all' | string[];
  expiresAt: string;
  /** Revoked with DELETE /installation/token. */
  revoked: boolean;
}

/** Where a request lands: an owner and, for a repository's secrets, the repository. */
export interface GrantResource {
  owner: string;
  repositoryId?: number;
}

/** An installation token's lifetime (documented: one hour). */
export const INSTALLATION_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const PERMISSION_NAME = /^[a-z][a-z_]{0,63}$/;
const LEVELS: readonly AppPermissionLevel[] = ['read', 'write'];
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export class AppRegistry {
  readonly #apps = new Map<number, AppRecord>();
  readonly #installations = new Map<number, InstallationRecord>();
  readonly #tokens = new Map<string, InstallationGrant>();
  /** Every token minted, in order, and whether it was revoked: what tests read back. */
  readonly #minted: Array<{ grant: InstallationGrant; revoked: boolean }> = [];
  #nextId = 900_001;
  #nextTokenId = 1;

  constructor(
    private readonly world: GitHubWorld,
    private readonly clock: () => number,
  ) {}

  createApp(options: { name?: string; privateKey?: string } = {}): GitHubAppCredentials {
    const name = options.name ?? `emulated-app-${this.#apps.size + 1}`;
    if (typeof name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9 -]{0,33}$/.test(name)) {
      throw new TypeError('an app name is 1..34 letters, digits, spaces or hyphens');
    }
    // A simulation passes one key for all its Apps: making a 2048-bit key costs tens of milliseconds.
    const { privateKey, publicKey } = options.privateKey
      ? { privateKey: createPrivateKey(options.privateKey), publicKey: createPublicKey(options.privateKey) }
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
    const id = this.#nextId++;
    const app: AppRecord = { id, clientId: `Iv23li${randomText(14)}`, slug: name.toLowerCase().replace(/ /g, '-'), name, publicKey };
    this.#apps.set(id, app);
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    return { id, clientId: app.clientId, slug: app.slug, name, privateKey: pem };
  }

  /** The app a JWT's `iss` names: its id or its client id. */
  readonly issuer = (iss: string): AppRecord | undefined => {
    if (/^\d+$/.test(iss)) return this.#apps.get(Number(iss));
    return [...this.#apps.values()].find((app) => app.clientId === iss);
  };

  app(id: number): AppRecord | undefined {
    return this.#apps.get(id);
  }

  install(appId: number, options: InstallationOptions): GitHubInstallation {
    const app = this.#apps.get(appId);
    if (!app) throw new TypeError(`no app ${appId}`);
    if (typeof options !== 'object' || options === null) throw new TypeError('installation options are an object');
    const owner = String(options.owner ?? '');
    if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(owner)) throw new TypeError('owner is an organization or user login');
    if (this.installationOn(appId, owner)) throw new TypeError(`app ${appId} is already installed on ${owner}`);
    const permissions = checkPermissions(options.permissions);
    const org = this.world.org(owner);
    const selection = options.repositories === undefined || options.repositories === 'all' ? 'all' : 'selected';
    const repositoryIds = new Set<number>();
    if (selection === 'selected') {
      if (!Array.isArray(options.repositories)) throw new TypeError("repositories is 'all' or an array of repository names");
      for (const name of options.repositories) {
        const repo = this.world.repo(owner, String(name));
        if (!repo) throw new TypeError(`no repository ${owner}/${String(name)}`);
        repositoryIds.add(repo.id);
      }
    }
    const record: InstallationRecord = {
      id: this.#nextId++,
      app,
      owner: org?.login ?? owner,
      ownerId: this.world.accountId(owner),
      ownerType: org ? 'Organization' : 'User',
      selection,
      repositoryIds,
      permissions: { ...permissions, metadata: 'read' },
      createdAt: new Date(this.clock()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    this.#installations.set(record.id, record);
    return describeInstallation(record);
  }

  installation(id: number): InstallationRecord | undefined {
    return this.#installations.get(id);
  }

  installationsOf(appId: number): InstallationRecord[] {
    return [...this.#installations.values()].filter((i) => i.app.id === appId);
  }

  installationOn(appId: number, owner: string): InstallationRecord | undefined {
    return this.installationsOf(appId).find((i) => i.owner.toLowerCase() === owner.toLowerCase());
  }

  /** A new token for an installation with the grant already narrowed (routes/apps.ts checks the request). */
  mint(
    installation: InstallationRecord,
    repositoryIds: ReadonlySet<number> | 'all',
    permissions: AppPermissions,
  ): { token: string; grant: InstallationGrant } {
    const token = `ghs_${randomText(36)}`;
    const grant: InstallationGrant = {
      installation,
      repositoryIds,
      permissions,
      expiresAtMs: this.clock() + INSTALLATION_TOKEN_LIFETIME_MS,
      tokenId: this.#nextTokenId++,
    };
    this.#tokens.set(digest(token), grant);
    this.#minted.push({ grant, revoked: false });
    return { token, grant };
  }

  /** The grant of a live installation token; undefined when unknown, expired or revoked. */
  grantOf(token: string): InstallationGrant | undefined {
    const grant = this.#tokens.get(digest(token));
    return grant && this.clock() < grant.expiresAtMs ? grant : undefined;
  }

  revoke(tokenId: number): void {
    for (const [key, grant] of this.#tokens) if (grant.tokenId === tokenId) this.#tokens.delete(key);
    for (const minted of this.#minted) if (minted.grant.tokenId === tokenId) minted.revoked = true;
  }

  /** The tokens minted for an app's installations, in the order they were minted. */
  mintedFor(appId: number): MintedToken[] {
    return this.#minted
      .filter(({ grant }) => grant.installation.app.id === appId)
      .map(({ grant, revoked }) => ({
        installationId: grant.installation.id,
        owner: grant.installation.owner,
        permissions: { ...grant.permissions },
        repositories:
          grant.repositoryIds === 'all' ? 'all' : [...grant.repositoryIds].map((id) => this.world.repoById(id)?.fullName ?? String(id)),
        expiresAt: new Date(grant.expiresAtMs).toISOString(),
        revoked,
      }));
  }
}

/** The owner and repository a secret target belongs to, for an installation token's reach. */
export function resourceOf(world: GitHubWorld, ref: GitHubTargetRef): GrantResource {
  if (ref.kind === 'org' || ref.kind === 'codespaces-org' || ref.kind === 'dependabot-org') return { owner: ref.org };
  if (ref.kind === 'codespaces-user') return { owner: ref.user };
  return { owner: ref.owner, repositoryId: world.repo(ref.owner, ref.repo)?.id };
}

export function describeInstallation(record: InstallationRecord): GitHubInstallation {
  return {
    id: record.id,
    appId: record.app.id,
    owner: record.owner,
    ownerType: record.ownerType,
    repositorySelection: record.selection,
    permissions: { ...record.permissions },
  };
}

/** Whether `granted` covers `level` (write covers read). */
export function levelCovers(granted: AppPermissionLevel | undefined, level: AppPermissionLevel): boolean {
  return granted === 'write' || (granted === 'read' && level === 'read');
}

function checkPermissions(permissions: unknown): AppPermissions {
  if (typeof permissions !== 'object' || permissions === null || Array.isArray(permissions)) {
    throw new TypeError('permissions is an object of permission name to read or write');
  }
  for (const [name, level] of Object.entries(permissions)) {
    if (!PERMISSION_NAME.test(name) || !LEVELS.includes(level as AppPermissionLevel)) {
      throw new TypeError(`permission ${name} must be read or write`);
    }
  }
  return { ...(permissions as AppPermissions) };
}

function randomText(length: number): string {
  return Array.from({ length }, () => BASE62[randomInt(BASE62.length)]).join('');
}

function digest(value: string): string {
  // The one-shot hash: a third of createHash's cost, and every request's credential is hashed.
  return hash('sha256', value, 'hex');
}

// Repositories, environments and organizations, each secret target with its own key pair.

import { createTargetKey, type TargetKey } from './sealed-box.js';
import { githubTimestamp, SecretStore } from './secret-store.js';
import { type GitHubTargetRef, hasVisibility, LOGIN, splitFullName } from './target-ref.js';

export interface SecretTarget {
  ref: GitHubTargetRef;
  key: TargetKey;
  secrets: SecretStore;
}

export interface Repository {
  id: number;
  owner: string;
  name: string;
  fullName: string;
  actions: SecretTarget;
  dependabot: SecretTarget;
  codespaces: SecretTarget;
  /** Keyed by lower-cased name: environment names are case-insensitive. */
  environments: Map<string, Environment>;
}

export interface Environment {
  id: number;
  name: string;
  createdAt: string;
  target: SecretTarget;
}

export interface Organization {
  id: number;
  login: string;
  actions: SecretTarget;
  codespaces: SecretTarget;
  dependabot: SecretTarget;
}

/** A user a token acts for, with the user's own Codespaces secrets. */
export interface User {
  id: number;
  login: string;
  codespaces: SecretTarget;
}

/** The user a token acts for when none is named (GitHub's example user). */
export const DEFAULT_USER = 'octocat';

function newTarget(ref: GitHubTargetRef, clock: () => number): SecretTarget {
  return { ref, key: createTargetKey(), secrets: new SecretStore(hasVisibility(ref), clock) };
}

/** Everything the GitHub emulator knows. Owner, repository and organization names are case-insensitive. */
export class GitHubWorld {
  /** `clock`: the emulator's, which dates secrets and environments. */
  constructor(readonly clock: () => number = Date.now) {}

  readonly #repos = new Map<string, Repository>();
  readonly #orgs = new Map<string, Organization>();
  readonly #userIds = new Map<string, number>();
  readonly #users = new Map<string, User>();
  #nextId = 100_000_001;

  /** Adds a repository, or returns the existing one of that name. */
  addRepo(fullName: string): Repository {
    const { owner, repo: name } = splitFullName(fullName);
    const existing = this.repo(owner, name);
    if (existing) return existing;
    const repository: Repository = {
      id: this.#nextId++,
      owner,
      name,
      fullName: `${owner}/${name}`,
      actions: newTarget({ kind: 'repo', owner, repo: name }, this.clock),
      dependabot: newTarget({ kind: 'dependabot', owner, repo: name }, this.clock),
      codespaces: newTarget({ kind: 'codespaces', owner, repo: name }, this.clock),
      environments: new Map(),
    };
    this.#repos.set(repository.fullName.toLowerCase(), repository);
    return repository;
  }

  repo(owner: string, name: string): Repository | undefined {
    return this.#repos.get(`${owner}/${name}`.toLowerCase());
  }

  /** Every repository of an owner (an organization or a user account), oldest first. */
  reposOf(owner: string): Repository[] {
    return [...this.#repos.values()].filter((repository) => repository.owner.toLowerCase() === owner.toLowerCase());
  }

  repoById(id: number): Repository | undefined {
    for (const repository of this.#repos.values()) if (repository.id === id) return repository;
    return undefined;
  }

  /** Adds an environment (and its repository when missing), or returns the existing one. */
  addEnvironment(fullName: string, environment: string): Environment {
    const name = String(environment);
    if (name.trim() === '' || name.length > 255) throw new TypeError('an environment name is 1..255 characters');
    const repository = this.addRepo(fullName);
    const existing = repository.environments.get(name.toLowerCase());
    if (existing) return existing;
    const created: Environment = {
      id: this.#nextId++,
      name,
      createdAt: githubTimestamp(new Date(this.clock())),
      target: newTarget({ kind: 'env', owner: repository.owner, repo: repository.name, environment: name }, this.clock),
    };
    repository.environments.set(name.toLowerCase(), created);
    return created;
  }

  environment(owner: string, repo: string, name: string): Environment | undefined {
    return this.repo(owner, repo)?.environments.get(name.toLowerCase());
  }

  addOrg(login: string): Organization {
    if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(String(login))) {
      throw new TypeError(`an organization login is letters, digits and hyphens, not ${JSON.stringify(login)}`);
    }
    const existing = this.org(login);
    if (existing) return existing;
    const created: Organization = {
      id: this.#nextId++,
      login,
      actions: newTarget({ kind: 'org', org: login }, this.clock),
      codespaces: newTarget({ kind: 'codespaces-org', org: login }, this.clock),
      dependabot: newTarget({ kind: 'dependabot-org', org: login }, this.clock),
    };
    this.#orgs.set(login.toLowerCase(), created);
    return created;
  }

  org(login: string): Organization | undefined {
    return this.#orgs.get(login.toLowerCase());
  }

  /** Adds a user (a token's), or returns the existing one of that login. */
  addUser(login: string): User {
    if (!LOGIN.test(String(login))) throw new TypeError(`a user login is letters, digits and hyphens, not ${JSON.stringify(login)}`);
    const existing = this.user(login);
    if (existing) return existing;
    const created: User = { id: this.accountId(login), login, codespaces: newTarget({ kind: 'codespaces-user', user: login }, this.clock) };
    this.#users.set(login.toLowerCase(), created);
    return created;
  }

  user(login: string): User | undefined {
    return this.#users.get(login.toLowerCase());
  }

  /** The numeric id of a repository owner: the organization's, or one given to the user. */
  accountId(login: string): number {
    const org = this.org(login);
    if (org) return org.id;
    const key = login.toLowerCase();
    const id = this.#userIds.get(key) ?? this.#nextId++;
    this.#userIds.set(key, id);
    return id;
  }

  target(ref: GitHubTargetRef): SecretTarget | undefined {
    switch (ref.kind) {
      case 'repo':
        return this.repo(ref.owner, ref.repo)?.actions;
      case 'dependabot':
        return this.repo(ref.owner, ref.repo)?.dependabot;
      case 'env':
        return this.environment(ref.owner, ref.repo, ref.environment)?.target;
      case 'org':
        return this.org(ref.org)?.actions;
      case 'codespaces':
        return this.repo(ref.owner, ref.repo)?.codespaces;
      case 'codespaces-org':
        return this.org(ref.org)?.codespaces;
      case 'dependabot-org':
        return this.org(ref.org)?.dependabot;
      case 'codespaces-user':
        return this.user(ref.user)?.codespaces;
    }
  }

  /** A new key pair and key id for the target; boxes sealed with the old key no longer open. */
  rotateKey(target: SecretTarget): void {
    target.key = createTargetKey();
  }
}

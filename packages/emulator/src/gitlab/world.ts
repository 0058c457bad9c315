// What the GitLab emulator holds: groups and projects (by numeric id and by full path, paths
// case-insensitive), the CI/CD variables of each (keyed by name and environment scope), and access
// tokens with their scopes and each one's role per group or project. A role on a group applies to
// its subgroups and projects, as GitLab's membership inheritance does.
// https://docs.gitlab.com/user/permissions/  https://docs.gitlab.com/api/project_level_variables/

/** GitLab's access levels (https://docs.gitlab.com/api/members/#roles). */
export const ACCESS_LEVELS = { guest: 10, reporter: 20, developer: 30, maintainer: 40, owner: 50 } as const;
export type GitLabRole = keyof typeof ACCESS_LEVELS;

/** A CI/CD variable as GitLab stores it. */
export interface GitLabVariable {
  key: string;
  value: string;
  variable_type: 'env_var' | 'file';
  protected: boolean;
  masked: boolean;
  hidden: boolean;
  raw: boolean;
  environment_scope: string;
  description: string | null;
}

/** A group or a project: what holds variables. */
export interface VariableOwner {
  kind: 'project' | 'group';
  id: number;
  /** Full path as created (`acme/platform/web`). */
  path: string;
  variables: GitLabVariable[];
}

export interface GitLabToken {
  /** Who the token acts as, for the request log. */
  user: string;
  /** `api` writes; `read_api` reads only. */
  scopes: string[];
  /** Full path (lower-cased) of a group or project -> the token's role there. */
  roles: Map<string, GitLabRole>;
}

export class GitLabWorld {
  readonly owners = new Map<string, VariableOwner>();
  readonly tokens = new Map<string, GitLabToken>();
  #nextId = 1;

  /** Adds a group (and its parent groups when missing); returns it. */
  addGroup(path: string): VariableOwner {
    return this.#add('group', path);
  }

  /** Adds a project (and its groups when missing); returns it. */
  addProject(path: string): VariableOwner {
    if (!path.includes('/')) throw new TypeError(`a project path is GROUP/PROJECT, not ${JSON.stringify(path)}`);
    return this.#add('project', path);
  }

  #add(kind: VariableOwner['kind'], path: string): VariableOwner {
    if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/.test(path))
      throw new TypeError(`not a GitLab path: ${JSON.stringify(path)}`);
    const found = this.owners.get(`${kind}:${path.toLowerCase()}`);
    if (found) return found;
    const parent = path.split('/').slice(0, -1).join('/');
    if (parent) this.addGroup(parent);
    const owner: VariableOwner = { kind, id: this.#nextId++, path, variables: [] };
    this.owners.set(`${kind}:${path.toLowerCase()}`, owner);
    return owner;
  }

  /** A group or project by numeric id or full path (GitLab's `:id`), or undefined. */
  find(kind: VariableOwner['kind'], id: string): VariableOwner | undefined {
    if (/^\d+$/.test(id)) return [...this.owners.values()].find((o) => o.kind === kind && o.id === Number(id));
    return this.owners.get(`${kind}:${id.toLowerCase()}`);
  }

  /** Adds a token with its scopes and roles (`{ 'acme/web': 'maintainer', acme: 'owner' }`). */
  addToken(token: string, access: { user?: string; scopes?: string[]; roles?: Record<string, GitLabRole> }): void {
    if (!token) throw new TypeError('a token is required');
    const roles = new Map<string, GitLabRole>();
    for (const [path, role] of Object.entries(access.roles ?? {})) {
      if (!(role in ACCESS_LEVELS))
        throw new TypeError(`role must be one of ${Object.keys(ACCESS_LEVELS).join(', ')}, not ${JSON.stringify(role)}`);
      roles.set(path.toLowerCase(), role);
    }
    this.tokens.set(token, { user: access.user ?? 'keyturn-bot', scopes: access.scopes ?? ['api'], roles });
  }

  /** The token's access level on `owner`: its own role there or on any group above it (0: none). */
  accessLevel(token: GitLabToken, owner: VariableOwner): number {
    const segments = owner.path.toLowerCase().split('/');
    let level = 0;
    for (let i = 1; i <= segments.length; i++) {
      const role = token.roles.get(segments.slice(0, i).join('/'));
      if (role) level = Math.max(level, ACCESS_LEVELS[role]);
    }
    return level;
  }
}

// The GitLab emulator's state, for tests and the control API: groups, projects, tokens and their
// roles, and every variable with its value and flags (never a GitLab endpoint: it shows hidden values).

import type { GitLabRole, GitLabVariable, GitLabWorld } from './world.js';
import { type GitLabIssue, gitlabIssuesOf } from './issue-routes.js';

export interface GitLabTokenAccess {
  /** Who the token acts as, for the request log. */
  user?: string;
  /** Default `['api']`; `['read_api']` reads only. */
  scopes?: string[];
  /** Full path of a group or project -> the token's role there (a group's role covers what is under it). */
  roles?: Record<string, GitLabRole>;
}

/** Where a variable is: a project's or a group's, by full path or numeric id. */
export interface GitLabVariableRef {
  project?: string;
  group?: string;
}

export interface GitLabStateApi {
  addGroup(path: string): { id: number; path: string };
  addProject(path: string): { id: number; path: string };
  addToken(token: string, access: GitLabTokenAccess): void;
  /** A project's issues, oldest first (issue-routes.ts). */
  issues(project: string): GitLabIssue[];
  /** A variable as GitLab stores it (its value too, hidden or not); undefined when absent. */
  variable(ref: GitLabVariableRef, key: string, environmentScope?: string): GitLabVariable | undefined;
  /** Every variable of a project or group. */
  variables(ref: GitLabVariableRef): GitLabVariable[];
  /** Sets a variable as a user would in the UI (created when missing). */
  setVariable(ref: GitLabVariableRef, variable: Partial<GitLabVariable> & { key: string; value: string }): GitLabVariable;
}

export function createGitLabStateApi(world: GitLabWorld): GitLabStateApi {
  const ownerOf = (ref: GitLabVariableRef) => {
    const owner =
      ref.project !== undefined ? world.find('project', ref.project) : ref.group !== undefined ? world.find('group', ref.group) : undefined;
    if (!owner) throw new TypeError(`no such GitLab ${ref.project !== undefined ? `project ${ref.project}` : `group ${ref.group}`}`);
    return owner;
  };
  return {
    addGroup: (path) => {
      const { id, path: full } = world.addGroup(path);
      return { id, path: full };
    },
    addProject: (path) => {
      const { id, path: full } = world.addProject(path);
      return { id, path: full };
    },
    addToken: (token, access) => world.addToken(token, access),
    issues: (project) => gitlabIssuesOf(ownerOf({ project })).map((issue) => structuredClone(issue)),
    variable: (ref, key, scope = '*') => ownerOf(ref).variables.find((v) => v.key === key && v.environment_scope === scope),
    variables: (ref) => [...ownerOf(ref).variables],
    setVariable(ref, fields) {
      const owner = ownerOf(ref);
      const scope = fields.environment_scope ?? '*';
      const existing = owner.variables.find((v) => v.key === fields.key && v.environment_scope === scope);
      if (existing) return Object.assign(existing, fields);
      const variable: GitLabVariable = {
        variable_type: 'env_var',
        protected: false,
        masked: false,
        hidden: false,
        raw: false,
        description: null,
        ...fields,
        environment_scope: scope,
      };
      owner.variables.push(variable);
      return variable;
    },
  };
}

// The CI/CD variables a GitLab spec names as KIND:PATH[:ENV_SCOPE]: a project's (`gitlab:`) or a
// group's (`gitlab-group:`). GitLab keys a variable by its name and its environment scope (`*` when
// left out: every environment), so the scope is part of which variable is written. GitLab paths are
// case-insensitive; a scope is not. Each kind is one call of gitlabKind, below.
// https://docs.gitlab.com/api/project_level_variables/  https://docs.gitlab.com/api/group_level_variables/

import { GitLabVariableTarget } from './variable-target.js';
import type { GitLabKind } from '../kind.js';

// GitLab namespace and project paths: letters, digits, `_`, `-`, `.`, not starting with `-` or `.`
// (https://docs.gitlab.com/user/reserved_names/), joined by `/`; or a numeric id.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/;
const ID = /^[1-9][0-9]{0,18}$/;

/** What a GitLab kind differs by: its name, whether it names a project or a group, and how its path reads. */
export interface GitLabPlaceKind<S extends { kind: string; environmentScope?: string }> {
  name: S['kind'];
  scope: 'project' | 'group';
  /** The path's form (`GROUP/PROJECT`), the fewest segments it has, and what it is in words. */
  path: { form: string; segments: number; what: string };
  /** A spec of this kind, as the error messages show one. */
  example: string;
  pathOf(spec: S): string;
  specOf(path: string, scope: { environmentScope?: string }): S;
}

/** The kind of a project's or a group's variables. */
export function gitlabKind<S extends { kind: string; environmentScope?: string }>(place: GitLabPlaceKind<S>): GitLabKind<S> {
  const { name, pathOf } = place;
  const forms = `${name}:${place.path.form}[:ENV_SCOPE]`;
  const scopeOf = (spec: S) => spec.environmentScope ?? '*';
  const placeOf = (spec: S) => ({ scope: place.scope, path: pathOf(spec) });
  const kind: GitLabKind<S> = {
    name,
    service: 'gitlab',
    forms,
    parse(rest = '') {
      const sep = rest.indexOf(':');
      const path = (sep < 0 ? rest : rest.slice(0, sep)).trim();
      const scope = sep < 0 ? undefined : rest.slice(sep + 1).trim();
      const problem = pathProblem(place, path) ?? environmentScopeProblem(scope);
      if (problem) throw new Error(`${problem} (${forms}, e.g. ${place.example})`);
      return place.specOf(path, scope === undefined || scope === '*' ? {} : { environmentScope: scope });
    },
    problem: (spec) => pathProblem(place, pathOf(spec)) ?? environmentScopeProblem(spec.environmentScope),
    format: (spec) => `${spec.kind}:${pathOf(spec)}${scopeOf(spec) === '*' ? '' : `:${scopeOf(spec)}`}`,
    identity: (spec) => `${name}:${pathOf(spec).toLowerCase()}:${scopeOf(spec)}`,
    create: (clients, spec) => new GitLabVariableTarget(clients.gitlab(), spec, { ...kind, place: placeOf }),
  };
  return kind;
}

/** A GitLab project (`group/project`, subgroups allowed) or group path, or a numeric id. */
function pathProblem(place: Pick<GitLabPlaceKind<never>, 'scope' | 'path'>, path: unknown): string | undefined {
  const {
    scope,
    path: { form, segments, what },
  } = place;
  if (typeof path !== 'string' || !path) return `expected ${what}`;
  if (ID.test(path)) return undefined;
  const parts = path.split('/');
  if (parts.length < segments) return `expected ${what}: "${path}" names no ${scope} (a ${scope} is ${form})`;
  if (!parts.every((segment) => SEGMENT.test(segment))) return `expected ${what}, not "${path}"`;
  return undefined;
}

/** An environment scope GitLab could hold: `*`, a name, or a pattern with `*`; no control characters, at most 255. None is `*`. */
function environmentScopeProblem(scope: unknown): string | undefined {
  if (scope === undefined) return undefined;
  if (typeof scope !== 'string' || !scope.trim()) return 'an environment scope names an environment or a pattern (`*` for all)';
  if (scope !== scope.trim()) return 'an environment scope has no spaces at either end';
  if (scope.length > 255) return 'an environment scope has at most 255 characters';
  if (/\p{Cc}/u.test(scope)) return 'an environment scope holds no control characters';
  return undefined;
}

/** A GitLab project's CI/CD variable: `project` is its full path (`group/app`) or numeric id; no `environmentScope` is `*`. */
export type GitLabProjectSpec = { kind: 'gitlab'; project: string; environmentScope?: string };
export const gitlab = gitlabKind<GitLabProjectSpec>({
  name: 'gitlab',
  scope: 'project',
  path: { form: 'GROUP/PROJECT', segments: 2, what: 'a project path (GROUP/PROJECT) or numeric id' },
  example: 'gitlab:acme/web:production',
  pathOf: (spec) => spec.project,
  specOf: (project, scope) => ({ kind: 'gitlab', project, ...scope }),
});

/** A GitLab group's CI/CD variable: `group` is its full path (`acme`, `acme/platform`) or numeric id; no `environmentScope` is `*`. */
export type GitLabGroupSpec = { kind: 'gitlab-group'; group: string; environmentScope?: string };
export const gitlabGroup = gitlabKind<GitLabGroupSpec>({
  name: 'gitlab-group',
  scope: 'group',
  path: { form: 'GROUP', segments: 1, what: 'a group path (GROUP or GROUP/SUBGROUP) or numeric id' },
  example: 'gitlab-group:acme',
  pathOf: (spec) => spec.group,
  specOf: (group, scope) => ({ kind: 'gitlab-group', group, ...scope }),
});

// Project and group CI/CD variables: list, get, create, update, delete, under `/projects/:id` and
// `/groups/:id` (a numeric id or a URL-encoded full path).
// https://docs.gitlab.com/api/project_level_variables/  https://docs.gitlab.com/api/group_level_variables/
// Who may: a project's variables need the Maintainer role, a group's the Owner role; a token that
// cannot see the project or group gets 404, one that can but lacks the role 403, and a write with a
// token without the `api` scope 403 `insufficient_scope`.

import { type EmulatorReply, type EmulatorRequest, HttpError, type Route, route } from '../core/http-server.js';
import { paginated } from './pagination.js';
import { INSUFFICIENT_SCOPE } from './gitlab-error.js';
import { fieldErrors, paramError, variableErrors, variableJson, variableTypeError } from './variable-rules.js';
import { ACCESS_LEVELS, type GitLabToken, type GitLabVariable, type GitLabWorld, type VariableOwner } from './world.js';

export interface GitLabContext {
  world: GitLabWorld;
  /** Whether `masked_and_hidden` is known (GitLab 17.4+); an older instance ignores it. */
  hiddenVariables: boolean;
  origin(): string;
}

/** The token of the request, set by the emulator's authenticate hook. */
export const TOKEN_OF = new WeakMap<EmulatorRequest, GitLabToken>();

const NEEDED: Record<VariableOwner['kind'], number> = { project: ACCESS_LEVELS.maintainer, group: ACCESS_LEVELS.owner };

export function variableRoutes(ctx: GitLabContext): Route[] {
  return (['project', 'group'] as const).flatMap((kind) => {
    const base = `/${kind}s/:id/variables`;
    return [
      route('GET', base, (req) => paginated(req, ownerFor(ctx, req, kind, 'read').variables.map(variableJson), ctx.origin())),
      route('GET', `${base}/:key`, (req) => ({ status: 200, body: variableJson(one(req, ownerFor(ctx, req, kind, 'read'))) })),
      route('POST', base, (req) => create(ctx, req, ownerFor(ctx, req, kind, 'write'))),
      route('PUT', `${base}/:key`, (req) => update(req, ownerFor(ctx, req, kind, 'write'))),
      route('DELETE', `${base}/:key`, (req) => {
        const owner = ownerFor(ctx, req, kind, 'write');
        const variable = one(req, owner);
        owner.variables = owner.variables.filter((v) => v !== variable);
        return { status: 204 };
      }),
    ] satisfies Route[];
  });
}

/** The project or group of `:id`, once the token may read or write its variables. */
function ownerFor(ctx: GitLabContext, req: EmulatorRequest, kind: VariableOwner['kind'], need: 'read' | 'write'): VariableOwner {
  const token = TOKEN_OF.get(req);
  const owner = ctx.world.find(kind, req.params.id ?? '');
  const label = kind === 'project' ? 'Project' : 'Group';
  // GitLab hides what the token cannot see: 404, as for a missing one.
  if (!token || !owner || ctx.world.accessLevel(token, owner) === 0) throw new HttpError(404, `404 ${label} Not Found`);
  if (need === 'write' && !token.scopes.includes('api')) {
    throw new HttpError(403, INSUFFICIENT_SCOPE);
  }
  if (ctx.world.accessLevel(token, owner) < NEEDED[kind]) throw new HttpError(403, '403 Forbidden');
  return owner;
}

/**
 * The variable of `:key` (and `filter[environment_scope]` when given: in the query, or in a PUT's
 * body as GitLab's client libraries send it); 409 when the key is in several scopes.
 */
function one(req: EmulatorRequest, owner: VariableOwner): GitLabVariable {
  const body = bodyOf(req);
  const nested =
    typeof body.filter === 'object' && body.filter !== null ? (body.filter as Record<string, unknown>).environment_scope : undefined;
  const inBody = body['filter[environment_scope]'] ?? nested;
  const scope = req.query.get('filter[environment_scope]') ?? (typeof inBody === 'string' ? inBody : null);
  const matches = owner.variables.filter((v) => v.key === req.params.key && (scope === null || v.environment_scope === scope));
  if (!matches.length) throw new HttpError(404, '404 Variable Not Found');
  if (matches.length > 1) {
    throw new HttpError(409, "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'");
  }
  return matches[0]!;
}

function create(ctx: GitLabContext, req: EmulatorRequest, owner: VariableOwner): EmulatorReply {
  const body = bodyOf(req);
  if (typeof body.key !== 'string') return paramError('key is missing');
  if (typeof body.value !== 'string') return paramError('value is missing');
  const badType = variableTypeError(body.variable_type);
  if (badType) return badType;
  const hidden = ctx.hiddenVariables && bool(body.masked_and_hidden, false);
  const variable: GitLabVariable = {
    key: body.key,
    value: body.value,
    variable_type: body.variable_type === 'file' ? 'file' : 'env_var',
    protected: bool(body.protected, false),
    // Hidden implies masked.
    masked: hidden || bool(body.masked, false),
    hidden,
    raw: bool(body.raw, false),
    environment_scope: typeof body.environment_scope === 'string' ? body.environment_scope : '*',
    description: typeof body.description === 'string' ? body.description : null,
  };
  const errors = variableErrors(variable, namesOf(owner)) ?? {};
  if (owner.variables.some((v) => v.key === variable.key && v.environment_scope === variable.environment_scope)) {
    errors.key = [`(${variable.key}) has already been taken`];
  }
  if (Object.keys(errors).length) return fieldErrors(errors);
  owner.variables.push(variable);
  return { status: 201, body: variableJson(variable) };
}

function update(req: EmulatorRequest, owner: VariableOwner): EmulatorReply {
  const current = one(req, owner);
  const body = bodyOf(req);
  const badType = variableTypeError(body.variable_type);
  if (badType) return badType;
  const next: GitLabVariable = {
    ...current,
    ...(typeof body.value === 'string' && { value: body.value }),
    ...(body.variable_type !== undefined && { variable_type: body.variable_type === 'file' ? 'file' : 'env_var' }),
    ...(body.protected !== undefined && { protected: bool(body.protected, current.protected) }),
    ...(body.masked !== undefined && { masked: bool(body.masked, current.masked) }),
    ...(body.raw !== undefined && { raw: bool(body.raw, current.raw) }),
    ...(typeof body.environment_scope === 'string' && { environment_scope: body.environment_scope }),
    ...(typeof body.description === 'string' && { description: body.description }),
  };
  const errors = variableErrors(next, namesOf(owner)) ?? {};
  // A hidden variable stays masked and hidden (its visibility cannot change after it is created).
  if (current.hidden && !next.masked) errors.masked = ['cannot be changed for a hidden variable'];
  if (
    next.environment_scope !== current.environment_scope &&
    owner.variables.some((v) => v !== current && v.key === next.key && v.environment_scope === next.environment_scope)
  ) {
    errors.key = [`(${next.key}) has already been taken`];
  }
  if (Object.keys(errors).length) return fieldErrors(errors);
  Object.assign(current, next);
  return { status: 200, body: variableJson(current) };
}

/** The names of the owner's variables: a masked value may not be one. */
function namesOf(owner: VariableOwner): ReadonlySet<string> {
  return new Set(owner.variables.map((v) => v.key));
}

function bodyOf(req: EmulatorRequest): Record<string, unknown> {
  return typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
}

/** A Grape boolean: true/false, or their strings. */
function bool(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return fallback;
}

// Vercel's REST API as keyturn uses it: a project, its environment variables (listed, upserted), and
// its deployments (made by redeploying one, read, listed). A team's project is reached with
// `teamId` or `slug` in the query; a token must be a member there (else 403), a viewer only reads
// and a developer may not touch production; a project or team that does not exist is a 404.
// Sensitive values are never read back, and a sensitive variable cannot target development.
// https://vercel.com/docs/rest-api/projects/create-one-or-more-environment-variables
// https://vercel.com/docs/rest-api/deployments/create-a-new-deployment
// https://vercel.com/docs/rest-api/deployments/get-a-deployment-by-id-or-url

import { type EmulatorReply, type EmulatorRequest, HttpError, type Route, route } from '../core/http-server.js';
import {
  ENV_TYPES,
  ENVIRONMENTS,
  type VercelDeployment,
  type VercelEnvironment,
  type VercelEnvType,
  type VercelEnvVar,
  type VercelProject,
  type VercelToken,
  type VercelWorld,
} from './world.js';

/** The token of the request, set by the emulator's authenticate hook. */
export const VERCEL_TOKEN_OF = new WeakMap<EmulatorRequest, VercelToken>();

type Need = 'read' | 'write' | 'production';

export function vercelRoutes(world: VercelWorld): Route[] {
  return [
    route('GET', '/v9/projects/:idOrName', (req) => ({ status: 200, body: projectJson(projectFor(world, req, 'read')) })),
    route('GET', '/v9/projects/:idOrName/env', (req) => {
      const decrypt = req.query.get('decrypt') === 'true';
      return { status: 200, body: { envs: projectFor(world, req, 'read').env.map((v) => envJson(v, decrypt)) } };
    }),
    route('POST', '/v10/projects/:idOrName/env', (req) => upsert(world, req)),
    route('POST', '/v13/deployments', (req) => redeploy(world, req)),
    route('GET', '/v13/deployments/:idOrUrl', (req) => {
      const deployment = world.deployment(req.params.idOrUrl ?? '');
      const project = deployment && world.projects.find((p) => p.id === deployment.projectId);
      if (!deployment || !project || !reaches(world, req, project)) throw new HttpError(404, 'not_found: The deployment was not found');
      return { status: 200, body: deploymentJson(world, deployment) };
    }),
    route('GET', '/v6/deployments', (req) => {
      const projectId = req.query.get('projectId');
      const project = projectId ? projectIn(world, req, projectId, 'read') : undefined;
      if (!project) throw new HttpError(400, 'bad_request: projectId is required');
      const target = req.query.get('target');
      const limit = Math.max(1, Math.min(100, Number(req.query.get('limit') ?? 20) || 20));
      // `state` filters by readyState: a comma-separated list (READY, or BUILDING,READY...).
      const states = req.query.get('state')?.split(',');
      const listed = world
        .deploymentsOf(project)
        .filter((d) => (!target || d.target === target) && (!states || states.includes(world.readyState(d))))
        .slice(0, limit);
      const deployments = listed.map((d) => ({
        uid: d.id,
        name: d.name,
        url: d.url,
        created: d.createdAt,
        createdAt: d.createdAt,
        state: world.readyState(d),
        readyState: world.readyState(d),
        target: d.target,
      }));
      return { status: 200, body: { deployments, pagination: { count: deployments.length, next: null, prev: null } } };
    }),
  ];
}

/** The team the query names (`teamId` or `slug`), or the personal account; 404 unknown, 403 not the token's. */
function scopeOf(world: VercelWorld, req: EmulatorRequest): string | undefined {
  const token = VERCEL_TOKEN_OF.get(req)!;
  const named = req.query.get('teamId') ?? req.query.get('slug');
  if (named === null) {
    if (!token.personal)
      throw new HttpError(403, "forbidden: The token is scoped to a team: it cannot reach a personal account's projects (pass teamId)");
    return undefined;
  }
  const team = world.team(named);
  if (!team) throw new HttpError(404, `not_found: Team not found: ${named}`);
  if (!token.roles.has(team.id)) throw new HttpError(403, `forbidden: You don't have permission to access the team ${team.slug}`);
  return team.id;
}

function projectFor(world: VercelWorld, req: EmulatorRequest, need: Need): VercelProject {
  return projectIn(world, req, req.params.idOrName ?? '', need);
}

function projectIn(world: VercelWorld, req: EmulatorRequest, idOrName: string, need: Need): VercelProject {
  const teamId = scopeOf(world, req);
  const project = world.project(idOrName, teamId);
  if (!project) throw new HttpError(404, `not_found: Project not found: ${idOrName}`);
  allow(req, project, need);
  return project;
}

/** A viewer reads; a developer writes all but production. */
function allow(req: EmulatorRequest, project: VercelProject, need: Need): void {
  const role = project.teamId === undefined ? 'owner' : VERCEL_TOKEN_OF.get(req)!.roles.get(project.teamId);
  if (need === 'read') return;
  if (role === 'viewer') throw new HttpError(403, `forbidden: A Viewer cannot change the project ${project.name}`);
  if (need === 'production' && role === 'developer')
    throw new HttpError(403, `forbidden: A Developer cannot change the Production environment of ${project.name}`);
}

/** Whether the token may see the project (a deployment of one it cannot see is a 404). */
function reaches(world: VercelWorld, req: EmulatorRequest, project: VercelProject): boolean {
  const token = VERCEL_TOKEN_OF.get(req)!;
  return project.teamId === undefined ? token.personal : token.roles.has(project.teamId) && world.team(project.teamId) !== undefined;
}

function upsert(world: VercelWorld, req: EmulatorRequest): EmulatorReply {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const { key, value, type, target, gitBranch, comment } = body;
  if (typeof key !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
    throw new HttpError(400, 'bad_request: key must be letters, digits and _');
  if (typeof value !== 'string') throw new HttpError(400, 'bad_request: value must be a string');
  if (typeof type !== 'string' || !ENV_TYPES.includes(type as VercelEnvType))
    throw new HttpError(400, `bad_request: type must be one of ${ENV_TYPES.join(', ')}`);
  if (!Array.isArray(target) || !target.length || !target.every((t) => ENVIRONMENTS.includes(t))) {
    throw new HttpError(400, `bad_request: target must be a non-empty list of ${ENVIRONMENTS.join(', ')}`);
  }
  if (type === 'sensitive' && target.includes('development')) {
    throw new HttpError(400, 'bad_request: Sensitive environment variables cannot be created in the Development environment');
  }
  if (gitBranch !== undefined && typeof gitBranch !== 'string') throw new HttpError(400, 'bad_request: gitBranch must be a string');
  if (comment !== undefined && (typeof comment !== 'string' || comment.length > 500))
    throw new HttpError(400, 'bad_request: comment is a string of at most 500 characters');
  const targets = [...new Set(target as VercelEnvironment[])];
  const project = projectFor(world, req, targets.includes('production') ? 'production' : 'write');
  const clashing = project.env.filter((v) => v.key === key && v.gitBranch === gitBranch && v.target.some((t) => targets.includes(t)));
  const now = world.clock();
  if (clashing.length > 1 || (clashing.length && req.query.get('upsert') !== 'true')) {
    throw new HttpError(
      400,
      `ENV_CONFLICT: A variable with the name \`${key}\` already exists for the target ${clashing[0]!.target.join(', ')}`,
    );
  }
  const existing = clashing[0];
  // Upsert replaces what it names: the value, type, targets and comment are the request's.
  const env: VercelEnvVar = existing ?? {
    id: world.id('env'),
    key,
    value,
    type: type as VercelEnvType,
    target: targets,
    createdAt: now,
    updatedAt: now,
  };
  Object.assign(env, { value, type, target: targets, updatedAt: now });
  if (comment === undefined) delete env.comment;
  else env.comment = comment;
  if (gitBranch !== undefined) env.gitBranch = gitBranch;
  if (!existing) project.env.push(env);
  return { status: 201, body: { created: envJson(env, false), failed: [] } };
}

function redeploy(world: VercelWorld, req: EmulatorRequest): EmulatorReply {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const { name, deploymentId, target } = body;
  if (typeof name !== 'string' || !name) throw new HttpError(400, 'bad_request: name is required');
  if (typeof deploymentId !== 'string')
    throw new HttpError(400, 'bad_request: this emulator makes deployments by redeploying one: deploymentId is required');
  if (target !== undefined && target !== 'production' && target !== 'preview')
    throw new HttpError(400, 'bad_request: target must be production or preview');
  const project = projectIn(world, req, name, target === 'production' ? 'production' : 'write');
  const source = world.deployment(deploymentId);
  if (!source || source.projectId !== project.id) throw new HttpError(404, `not_found: The deployment ${deploymentId} was not found`);
  const made = world.deploy(project, (target as 'production' | 'preview' | undefined) ?? source.target, source.id);
  return { status: 200, body: deploymentJson(world, made) };
}

function projectJson(project: VercelProject): Record<string, unknown> {
  return { id: project.id, name: project.name, accountId: project.teamId ?? 'user', framework: null };
}

/** A variable as Vercel lists it: a sensitive value never, an encrypted one only decrypted. */
function envJson(v: VercelEnvVar, decrypt: boolean): Record<string, unknown> {
  const shown = v.type === 'sensitive' ? '' : decrypt || v.type === 'plain' ? v.value : `enc_${Buffer.from(v.id).toString('base64url')}`;
  return {
    id: v.id,
    key: v.key,
    value: shown,
    type: v.type,
    target: [...v.target],
    ...(v.gitBranch !== undefined && { gitBranch: v.gitBranch }),
    ...(v.comment !== undefined && { comment: v.comment }),
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    decrypted: decrypt && v.type !== 'sensitive',
  };
}

function deploymentJson(world: VercelWorld, d: VercelDeployment): Record<string, unknown> {
  const readyState = world.readyState(d);
  return {
    id: d.id,
    url: d.url,
    name: d.name,
    projectId: d.projectId,
    target: d.target,
    readyState,
    status: readyState,
    createdAt: d.createdAt,
    buildingAt: d.buildingAt,
    ...(readyState === 'READY' && { ready: d.doneAt }),
    ...(readyState === 'ERROR' && {
      errorCode: 'BUILD_FAILED',
      errorMessage: 'The build failed: the command `npm run build` exited with 1',
    }),
    inspectorUrl: `https://vercel.com/${d.name}/${d.id.slice(4)}`,
  };
}

// The Vercel emulator's state, for tests and the control API: teams, tokens and their roles,
// projects, every variable with its value (sensitive ones too: never a Vercel endpoint), the
// deployments, a user's own deploy, and builds made to fail.

import type {
  BuildTimes,
  VercelDeployment,
  VercelEnvironment,
  VercelEnvType,
  VercelEnvVar,
  VercelProject,
  VercelRole,
  VercelWorld,
} from './world.js';
import { ENV_TYPES, ENVIRONMENTS } from './world.js';

export interface VercelTokenAccess {
  /** Who the token acts as, for the request log. */
  user?: string;
  /** Whether it reaches the user's own projects; default true. */
  personal?: boolean;
  /** Team slug -> the token user's role there. */
  teams?: Record<string, VercelRole>;
}

/** A project: `name`, in the team `team` (a slug), or in the personal account. */
export interface VercelProjectRef {
  project: string;
  team?: string;
}

/** A deployment as the tests read it, its build state by the clock. */
export interface VercelDeploymentView extends Omit<VercelDeployment, 'fails'> {
  readyState: string;
}

export interface VercelStateApi {
  addTeam(slug: string): { id: string; slug: string };
  addProject(ref: VercelProjectRef): { id: string; name: string };
  addToken(token: string, access: VercelTokenAccess): void;
  /** Every variable of a project, values included. */
  envs(ref: VercelProjectRef): VercelEnvVar[];
  /** Sets a variable as a user would in the dashboard; `target` default every environment a type allows. */
  setEnv(
    ref: VercelProjectRef,
    variable: { key: string; value: string; type?: VercelEnvType; target?: VercelEnvironment[]; comment?: string; gitBranch?: string },
  ): VercelEnvVar;
  /** Deletes a variable as a user would in the dashboard (the one of that environment, no Git branch's); false when there is none. */
  deleteEnv(ref: VercelProjectRef, key: string, environment: VercelEnvironment): boolean;
  /** A deploy of the user's (a push, the dashboard), built with the variables as they are now. */
  deploy(ref: VercelProjectRef, target?: 'production' | 'preview'): VercelDeploymentView;
  /** Every deployment of the project, newest first. */
  deployments(ref: VercelProjectRef): VercelDeploymentView[];
  /** What production serves now: the value `key` had when its current deployment was built. */
  servedValue(ref: VercelProjectRef, key: string): string | undefined;
  /** Makes the project's next `count` builds end in ERROR. */
  failBuilds(ref: VercelProjectRef, count?: number): void;
  /** How long the deployments made from now on queue and build. */
  setBuildTimes(times: Partial<BuildTimes>): void;
}

export function createVercelStateApi(world: VercelWorld): VercelStateApi {
  const projectOf = (ref: VercelProjectRef): VercelProject => {
    const team = ref.team === undefined ? undefined : world.team(ref.team);
    if (ref.team !== undefined && !team) throw new TypeError(`no such Vercel team ${ref.team}`);
    const project = world.project(ref.project, team?.id);
    if (!project) throw new TypeError(`no such Vercel project ${ref.project}${ref.team ? ` in team ${ref.team}` : ''}`);
    return project;
  };
  const view = ({ fails: _, ...deployment }: VercelDeployment): VercelDeploymentView => ({
    ...structuredClone(deployment),
    readyState: world.readyState({ ...deployment, fails: _ }),
  });
  return {
    addTeam: (slug) => {
      if (typeof slug !== 'string' || !/^[a-z0-9][a-z0-9-]{0,47}$/.test(slug))
        throw new TypeError(`a team slug is lowercase letters, digits and -, not ${JSON.stringify(slug)}`);
      const existing = world.team(slug);
      if (existing) return { ...existing };
      const team = { id: world.id('team'), slug };
      world.teams.push(team);
      return { ...team };
    },
    addProject: (ref) => {
      if (typeof ref?.project !== 'string' || !/^[a-z0-9._-]{1,100}$/.test(ref.project))
        throw new TypeError(`a project name is lowercase letters, digits, ., _ and -, not ${JSON.stringify(ref?.project)}`);
      const teamId = ref.team === undefined ? undefined : world.team(ref.team)?.id;
      if (ref.team !== undefined && !teamId) throw new TypeError(`no such Vercel team ${ref.team}`);
      const existing = world.project(ref.project, teamId);
      if (existing) return { id: existing.id, name: existing.name };
      const project: VercelProject = { id: world.id('prj'), name: ref.project, ...(teamId && { teamId }), env: [] };
      world.projects.push(project);
      return { id: project.id, name: project.name };
    },
    addToken: (token, access = {}) => {
      if (typeof token !== 'string' || !token) throw new TypeError('a token is a non-empty string');
      const roles = new Map<string, VercelRole>();
      for (const [slug, role] of Object.entries(access.teams ?? {})) {
        const team = world.team(slug);
        if (!team) throw new TypeError(`no such Vercel team ${slug}`);
        if (!['owner', 'member', 'developer', 'viewer'].includes(role))
          throw new TypeError(`a team role is owner, member, developer or viewer, not ${JSON.stringify(role)}`);
        roles.set(team.id, role);
      }
      world.tokens.set(token, { user: access.user ?? 'keyturn-bot', personal: access.personal ?? true, roles });
    },
    envs: (ref) => projectOf(ref).env.map(copyEnvVar),
    setEnv: (ref, variable) => {
      const project = projectOf(ref);
      const type = variable.type ?? 'encrypted';
      if (!ENV_TYPES.includes(type)) throw new TypeError(`type must be one of ${ENV_TYPES.join(', ')}`);
      const target = variable.target ?? ENVIRONMENTS.filter((e) => type !== 'sensitive' || e !== 'development');
      const now = world.clock();
      const existing = project.env.find(
        (v) => v.key === variable.key && v.gitBranch === variable.gitBranch && v.target.some((t) => target.includes(t)),
      );
      if (existing) {
        Object.assign(
          existing,
          { value: variable.value, type, target: [...target], updatedAt: now },
          variable.comment !== undefined && { comment: variable.comment },
        );
        return copyEnvVar(existing);
      }
      const created: VercelEnvVar = {
        id: world.id('env'),
        key: variable.key,
        value: variable.value,
        type,
        target: [...target],
        ...(variable.gitBranch !== undefined && { gitBranch: variable.gitBranch }),
        ...(variable.comment !== undefined && { comment: variable.comment }),
        createdAt: now,
        updatedAt: now,
      };
      project.env.push(created);
      return copyEnvVar(created);
    },
    deleteEnv: (ref, key, environment) => {
      const project = projectOf(ref);
      const at = project.env.findIndex((v) => v.key === key && v.gitBranch === undefined && v.target.includes(environment));
      if (at >= 0) project.env.splice(at, 1);
      return at >= 0;
    },
    deploy: (ref, target = 'production') => view(world.deploy(projectOf(ref), target)),
    deployments: (ref) => world.deploymentsOf(projectOf(ref)).map(view),
    servedValue: (ref, key) => world.production(projectOf(ref))?.env[key],
    failBuilds: (ref, count = 1) => {
      if (!Number.isInteger(count) || count < 0) throw new TypeError('count is a whole number of builds');
      world.failingBuilds.set(projectOf(ref).id, count);
    },
    setBuildTimes: (times) => {
      const next = { ...world.buildTimes, ...times };
      if (!(next.queuedMs >= 0 && next.buildMs >= 0)) throw new TypeError('queuedMs and buildMs are milliseconds, at least 0');
      world.buildTimes = next;
    },
  };
}

/**
 * A variable as the caller may keep and change: its fields are strings and numbers but for the target list.
 * Not structuredClone: the simulator reads every variable after every answer, and a clone costs ten times this.
 */
function copyEnvVar(variable: VercelEnvVar): VercelEnvVar {
  return { ...variable, target: [...variable.target] };
}

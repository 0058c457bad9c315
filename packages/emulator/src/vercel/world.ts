// The Vercel emulator's state: teams, tokens and the role each has in a team, projects with their
// environment variables (a type and the environments each targets), and deployments, whose build
// runs on the emulator's clock (QUEUED, then BUILDING, then READY, or ERROR when a failure was asked
// for). A deployment builds with the variables of its environment as they are when it is made, and
// keeps them: what a deployment serves is what it was built with.
// https://vercel.com/docs/environment-variables  https://vercel.com/docs/deployments

export type VercelEnvType = 'plain' | 'encrypted' | 'sensitive' | 'secret' | 'system';
export type VercelEnvironment = 'production' | 'preview' | 'development';
export type VercelReadyState = 'QUEUED' | 'BUILDING' | 'INITIALIZING' | 'READY' | 'ERROR' | 'CANCELED';
/** A member's role in a team: a viewer reads, a developer cannot touch production's variables, a member and an owner may. */
export type VercelRole = 'owner' | 'member' | 'developer' | 'viewer';

export const ENV_TYPES: readonly VercelEnvType[] = ['plain', 'encrypted', 'sensitive', 'secret', 'system'];
export const ENVIRONMENTS: readonly VercelEnvironment[] = ['production', 'preview', 'development'];

export interface VercelEnvVar {
  id: string;
  key: string;
  value: string;
  type: VercelEnvType;
  target: VercelEnvironment[];
  gitBranch?: string;
  comment?: string;
  createdAt: number;
  updatedAt: number;
}

export interface VercelTeam {
  id: string;
  slug: string;
}

export interface VercelProject {
  id: string;
  name: string;
  /** Undefined: the token user's own (Hobby) account. */
  teamId?: string;
  env: VercelEnvVar[];
}

export interface VercelDeployment {
  id: string;
  url: string;
  name: string;
  projectId: string;
  target: 'production' | 'preview';
  createdAt: number;
  /** When it starts building, and when the build ends (READY or ERROR). */
  buildingAt: number;
  doneAt: number;
  fails: boolean;
  /** The deployment it redeploys, if any. */
  redeployOf?: string;
  /** The variables it was built with, by name. */
  env: Record<string, string>;
}

export interface VercelToken {
  user: string;
  /** Whether it reaches its user's own projects (a token scoped to a team does not). */
  personal: boolean;
  /** Team id -> the user's role there. */
  roles: Map<string, VercelRole>;
}

/** How long a deployment waits in the queue, and how long it builds, on the emulator's clock. */
export interface BuildTimes {
  queuedMs: number;
  buildMs: number;
}

export const DEFAULT_BUILD_TIMES: BuildTimes = { queuedMs: 1_000, buildMs: 30_000 };

export class VercelWorld {
  readonly teams: VercelTeam[] = [];
  readonly projects: VercelProject[] = [];
  readonly deployments: VercelDeployment[] = [];
  readonly tokens = new Map<string, VercelToken>();
  /** Project id -> how many of its next builds fail. */
  readonly failingBuilds = new Map<string, number>();
  #ids = 0;

  constructor(
    readonly clock: () => number,
    /** Changed by a test between deployments (`setBuildTimes`). */
    public buildTimes: BuildTimes,
  ) {}

  /** An id Vercel's way: a prefix and a stable, unique tail. */
  id(prefix: 'team' | 'prj' | 'env' | 'dpl'): string {
    this.#ids += 1;
    return `${prefix}_${this.#ids.toString(36).padStart(8, '0')}`;
  }

  team(idOrSlug: string): VercelTeam | undefined {
    return this.teams.find((t) => t.id === idOrSlug || t.slug === idOrSlug);
  }

  /** A project by id or name, in a team or in the personal account (`teamId` undefined). */
  project(idOrName: string, teamId: string | undefined): VercelProject | undefined {
    return this.projects.find((p) => p.teamId === teamId && (p.id === idOrName || p.name === idOrName));
  }

  deployment(idOrUrl: string): VercelDeployment | undefined {
    const url = idOrUrl.replace(/^https:\/\//, '');
    return this.deployments.find((d) => d.id === idOrUrl || d.url === url);
  }

  /** The state of a deployment's build now, by the clock. */
  readyState(deployment: VercelDeployment): VercelReadyState {
    const now = this.clock();
    if (now < deployment.buildingAt) return 'QUEUED';
    if (now < deployment.doneAt) return 'BUILDING';
    return deployment.fails ? 'ERROR' : 'READY';
  }

  /** Production's deployment now: the newest that is READY (Vercel points the production domains at it). */
  production(project: VercelProject): VercelDeployment | undefined {
    return this.deploymentsOf(project).find((d) => d.target === 'production' && this.readyState(d) === 'READY');
  }

  /** Newest first. */
  deploymentsOf(project: VercelProject): VercelDeployment[] {
    return this.deployments.filter((d) => d.projectId === project.id).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  }

  /** A deployment of `project` to `target`, built with its variables as they are now. */
  deploy(project: VercelProject, target: 'production' | 'preview', redeployOf?: string): VercelDeployment {
    const now = this.clock();
    const failing = this.failingBuilds.get(project.id) ?? 0;
    if (failing > 0) this.failingBuilds.set(project.id, failing - 1);
    const id = this.id('dpl');
    const env = Object.fromEntries(
      project.env.filter((v) => v.target.includes(target) && v.gitBranch === undefined).map((v) => [v.key, v.value]),
    );
    const deployment: VercelDeployment = {
      id,
      url: `${project.name}-${id.slice(4)}.vercel.app`,
      name: project.name,
      projectId: project.id,
      target,
      createdAt: now,
      buildingAt: now + this.buildTimes.queuedMs,
      doneAt: now + this.buildTimes.queuedMs + this.buildTimes.buildMs,
      fails: failing > 0,
      ...(redeployOf !== undefined && { redeployOf }),
      env,
    };
    this.deployments.push(deployment);
    return deployment;
  }
}

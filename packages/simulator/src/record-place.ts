// Where a history keeps the target record (issue 36, item 2): the home repository's Actions
// variables, or the home GitLab project's CI/CD variables (the lease lives with it). What the user
// reads and writes there by hand, through each service's REST API with the user's token.

import type { Simulation } from './simulation.js';
import { HOME } from './world.js';

export type RecordKeeper = 'github' | 'gitlab';

export interface RecordPlace {
  keeper: RecordKeeper;
  /** The record's variables (the first page: a history's records fit in it), by name. */
  list(sim: Simulation): Promise<Array<{ name: string; value: string }>>;
  /** Every record variable as the service stores it, read with no request: no fault armed for a run meets it, no clock moves. */
  stored(sim: Simulation): Array<{ name: string; value: string }>;
  /** Overwrites an existing variable; true when the service took it. */
  update(sim: Simulation, name: string, value: string): Promise<boolean>;
  /** Creates a variable; true when the service took it. */
  create(sim: Simulation, name: string, value: string): Promise<boolean>;
  /** Deletes a variable; true when the service took it. */
  remove(sim: Simulation, name: string): Promise<boolean>;
}

const GITHUB_ROUTE = `/repos/${HOME}/actions/variables`;
const GITLAB_ROUTE = `/projects/${encodeURIComponent(HOME)}/variables`;
/** The record's variables are of every environment (`*`), as the GitLab record store keeps them. */
const GITLAB_SCOPE = '?filter%5Benvironment_scope%5D=%2A';

const GITHUB: RecordPlace = {
  keeper: 'github',
  async list(sim) {
    const answer = await sim.userRequest('GET', `${GITHUB_ROUTE}?per_page=30`);
    return ((await answer.json()) as { variables: Array<{ name: string; value: string }> }).variables;
  },
  stored: (sim) => sim.world.github.variables(HOME),
  update: async (sim, name, value) => (await sim.userRequest('PATCH', `${GITHUB_ROUTE}/${name}`, { name, value })).status === 204,
  create: async (sim, name, value) => (await sim.userRequest('POST', GITHUB_ROUTE, { name, value })).status === 201,
  remove: async (sim, name) => (await sim.userRequest('DELETE', `${GITHUB_ROUTE}/${name}`)).status === 204,
};

const GITLAB: RecordPlace = {
  keeper: 'gitlab',
  async list(sim) {
    const answer = await sim.userRequest('GET', `${GITLAB_ROUTE}?per_page=100`, undefined, 'gitlab');
    const variables = (await answer.json()) as Array<{ key: string; value: string; environment_scope: string }>;
    return variables.filter((v) => v.environment_scope === '*').map((v) => ({ name: v.key, value: v.value }));
  },
  stored: (sim) =>
    sim.world.gitlab
      .variables({ project: HOME })
      .filter((v) => v.environment_scope === '*')
      .map((v) => ({ name: v.key, value: v.value })),
  update: async (sim, name, value) =>
    (await sim.userRequest('PUT', `${GITLAB_ROUTE}/${name}${GITLAB_SCOPE}`, { value }, 'gitlab')).status === 200,
  create: async (sim, name, value) => {
    const variable = { key: name, value, environment_scope: '*', masked: false, protected: false, raw: true };
    return (await sim.userRequest('POST', GITLAB_ROUTE, variable, 'gitlab')).status === 201;
  },
  remove: async (sim, name) =>
    (await sim.userRequest('DELETE', `${GITLAB_ROUTE}/${name}${GITLAB_SCOPE}`, undefined, 'gitlab')).status === 204,
};

export function recordPlace(keeper: RecordKeeper): RecordPlace {
  return keeper === 'github' ? GITHUB : GITLAB;
}

// The home repository's Actions variables, as the user reads and writes them in the settings page:
// through the GitHub emulator's REST API with the write token, on the history's clock.

import type { Simulation } from './simulation.js';

/** Every variable of `repository`, all pages, by name. */
export async function listVariables(sim: Simulation, repository: string): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for (let page = 1; ; page++) {
    const response = await sim.userRequest('GET', `/repos/${repository}/actions/variables?per_page=30&page=${page}`);
    const { variables } = (await response.json()) as { variables: Array<{ name: string; value: string }> };
    for (const { name, value } of variables) all.set(name, value);
    if (variables.length < 30) return all;
  }
}

/** Creates or overwrites a variable. */
export async function putVariable(sim: Simulation, repository: string, name: string, value: string): Promise<void> {
  const route = `/repos/${repository}/actions/variables`;
  const updated = await sim.userRequest('PATCH', `${route}/${name}`, { name, value });
  if (updated.status === 204) return;
  const created = updated.status === 404 ? await sim.userRequest('POST', route, { name, value }) : updated;
  if (created.status !== 201) throw new Error(`writing the variable ${name}: ${created.status}`);
}

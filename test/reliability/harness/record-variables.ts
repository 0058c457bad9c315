// The variables of a repository (where the target record is kept), read and written through the
// GitHub emulator's REST API, as a user in the settings page would. (A record spread over parts is
// joined back by the simulator's stored-record.ts, where the tests of records in parts run.)

import { expect } from 'vitest';
import { WRITE_TOKEN } from './rotation-rig.js';

const HEADERS = { authorization: `token ${WRITE_TOKEN}`, 'user-agent': 'keyturn-test', 'content-type': 'application/json' };

export interface Variable {
  name: string;
  value: string;
}

/** Every variable of `repository`, all pages. */
export async function variables(githubUrl: string, repository: string): Promise<Variable[]> {
  const all: Variable[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${githubUrl}/repos/${repository}/actions/variables?per_page=30&page=${page}`, { headers: HEADERS });
    const { variables: batch } = (await response.json()) as { variables: Variable[] };
    all.push(...batch);
    if (batch.length < 30) return all;
  }
}

/** Creates or overwrites a variable. */
export async function putVariable(githubUrl: string, repository: string, name: string, value: string): Promise<void> {
  const update = await fetch(`${githubUrl}/repos/${repository}/actions/variables/${name}`, {
    method: 'PATCH',
    headers: HEADERS,
    body: JSON.stringify({ value }),
  });
  if (update.status === 404) {
    const create = await fetch(`${githubUrl}/repos/${repository}/actions/variables`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ name, value }),
    });
    expect(create.status, `creating ${name}`).toBe(201);
  } else expect(update.status, `updating ${name}`).toBe(204);
}

/**
 * Deletes the lease a killed run left (it would lapse in 10 minutes): what the README tells a user
 * who knows the run is dead, so the next run does not wait for it.
 */
export async function deleteLeases(githubUrl: string, repository: string): Promise<void> {
  for (const { name } of await variables(githubUrl, repository)) {
    if (name.startsWith('KEYTURN_LEASE_'))
      await fetch(`${githubUrl}/repos/${repository}/actions/variables/${name}`, { method: 'DELETE', headers: HEADERS });
  }
}

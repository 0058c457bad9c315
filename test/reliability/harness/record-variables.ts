// The target record as GitHub holds it: the variables of a repository read and written through the
// GitHub emulator's REST API, as a user in the settings page would. (A record spread over parts is
// joined back by the simulator's stored-record.ts, where the tests of records in parts run.)

import { expect } from 'vitest';
import { WRITE_TOKEN } from './rotation-rig.js';

export const RECORD_PREFIX = 'KEYTURN_RECORD_';
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

/** The record variables (heads and parts) of `repository`, by name. */
export async function recordVariables(githubUrl: string, repository: string): Promise<Map<string, string>> {
  const all = await variables(githubUrl, repository);
  return new Map(all.filter((v) => v.name.startsWith(RECORD_PREFIX)).map((v) => [v.name, v.value]));
}

/** Creates or overwrites a variable. */
export async function putVariable(githubUrl: string, repository: string, name: string, value: string): Promise<void> {
  const update = await fetch(`${githubUrl}/repos/${repository}/actions/variables/${name}`, { method: 'PATCH', headers: HEADERS, body: JSON.stringify({ value }) });
  if (update.status === 404) {
    const create = await fetch(`${githubUrl}/repos/${repository}/actions/variables`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ name, value }) });
    expect(create.status, `creating ${name}`).toBe(201);
  } else expect(update.status, `updating ${name}`).toBe(204);
}

export async function deleteVariable(githubUrl: string, repository: string, name: string): Promise<void> {
  const response = await fetch(`${githubUrl}/repos/${repository}/actions/variables/${name}`, { method: 'DELETE', headers: HEADERS });
  expect(response.status, `deleting ${name}`).toBe(204);
}

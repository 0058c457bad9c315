// The target record as GitHub holds it: the variables of a repository read and written through the
// GitHub emulator's REST API (as a user in the settings page would), and a record spread over parts
// joined back the way DESIGN.md describes the stored form (head, `_PART_<slot><n>`, SHA-256 of the whole).

import { createHash } from 'node:crypto';
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

/** A format-2 record as stored (targets as `[[keyIds], [identities]]` groups). */
export interface StoredRecord {
  keyturn: number;
  family: string;
  secret: string;
  kind: string;
  targets: Array<[number[], string[]]>;
  held: number[];
  fingerprints: Record<string, string>;
  specs?: Record<string, string>;
  rebuilt?: number[];
}

/** The record a head names, joined from its parts when it has any (and checked against its hash). */
export function readStoredRecord(all: ReadonlyMap<string, string>, head: string): { record: StoredRecord; parts: string[] } {
  const value = all.get(head);
  expect(value, `the record variable ${head}`).toBeDefined();
  const data = JSON.parse(value!) as StoredRecord & { parts?: { slot: string; count: number; sha256: string } };
  if (!data.parts) return { record: data, parts: [] };
  const names = Array.from({ length: data.parts.count }, (_, i) => `${head}_PART_${data.parts!.slot}${i + 1}`);
  const text = names.map((name) => all.get(name) ?? '').join('');
  expect(createHash('sha256').update(text).digest('hex'), `the parts of ${head} match its hash`).toBe(data.parts.sha256);
  return { record: JSON.parse(text) as StoredRecord, parts: names };
}

/** Writes `record` under `head`, spread over `slot` parts of at most `partBytes` when it is bigger (ASCII text). */
export async function writeStoredRecord(githubUrl: string, repository: string, head: string, record: StoredRecord, slot: 'A' | 'B', partBytes: number): Promise<string[]> {
  const text = JSON.stringify(record);
  if (text.length <= partBytes) {
    await putVariable(githubUrl, repository, head, text);
    return [];
  }
  const names: string[] = [];
  for (let i = 0; i * partBytes < text.length; i++) {
    names.push(`${head}_PART_${slot}${i + 1}`);
    await putVariable(githubUrl, repository, names[i]!, text.slice(i * partBytes, (i + 1) * partBytes));
  }
  const sha256 = createHash('sha256').update(text).digest('hex');
  const { keyturn, family, secret, kind } = record;
  await putVariable(githubUrl, repository, head, JSON.stringify({ keyturn, family, secret, kind, parts: { slot, count: names.length, sha256 } }));
  return names;
}

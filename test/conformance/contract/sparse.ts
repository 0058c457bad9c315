// What the sparse shape promises, read off the description: an answer holds no field the
// description leaves optional, but those whose absence says something else (`last_used_at` of a used
// key: "never used"; `pagination` of a non-empty page: "no next page"; `project_id` of a key and
// `org_id` of a project: "not project-scoped", "personal"), and every object the description gives
// properties carries a field it does not know, except maps whose keys are data (`permissions`).
// A secret-scanning alert's description requires none of its fields: its number, state, secret type,
// value and (in an organization's list) repository are kept, as an alert without them is not one.

import { type Exchange, UNKNOWN_FIELD } from '@keyturn/emulator';
import type { Contract } from './contract.js';

const KEPT_WHILE_SET = new Set([
  'last_used_at',
  'pagination',
  'project_id',
  'org_id',
  'number',
  'state',
  'secret_type',
  'secret',
  'repository',
]);
/** Objects whose keys are data, not fields (an app's granted permissions): sent whole, not walked. */
const DATA_MAPS = new Set(['permissions']);

interface ObjectSchema {
  properties: Record<string, unknown>;
  required: Set<string>;
  items?: unknown;
}

/** Optional fields present, and objects without the unknown field, as `/path` strings. */
export function sparseProblems(contract: Contract, exchange: Exchange): string[] {
  if (exchange.status >= 300) return []; // error bodies keep their optional fields (README: shapes)
  const described = contract.describedAnswer(exchange);
  if (!('schema' in described) || described.schema === undefined) return [];
  const problems: string[] = [];
  walk(contract, contract.node(described.schema), exchange.responseBody, '', problems);
  return problems;
}

function walk(contract: Contract, schema: unknown, value: unknown, path: string, problems: string[]): void {
  const merged = flatten(contract, schema);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(contract, merged.items, item, `${path}/${i}`, problems);
    return;
  }
  if (value === null || typeof value !== 'object' || Object.keys(merged.properties).length === 0) return;
  const record = value as Record<string, unknown>;
  if (!(UNKNOWN_FIELD in record)) problems.push(`${path || '/'}: no field unknown to the description`);
  for (const [name, field] of Object.entries(record)) {
    if (name === UNKNOWN_FIELD || !(name in merged.properties)) continue;
    const keptWhileSet = KEPT_WHILE_SET.has(name) && field !== null;
    if (!merged.required.has(name) && !keptWhileSet) problems.push(`${path}/${name}: optional, yet sent`);
    if (DATA_MAPS.has(name)) continue;
    walk(contract, merged.properties[name], field, `${path}/${name}`, problems);
  }
}

/** A schema with its refs followed and its allOf parts merged into one set of properties. */
function flatten(contract: Contract, schema: unknown): ObjectSchema {
  const out: ObjectSchema = { properties: {}, required: new Set() };
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    const s = node as { $ref?: string; allOf?: unknown[]; properties?: Record<string, unknown>; required?: string[]; items?: unknown };
    if (s.$ref) return visit(contract.node(s.$ref.slice(1)));
    for (const part of s.allOf ?? []) visit(part);
    Object.assign(out.properties, s.properties);
    for (const name of s.required ?? []) out.required.add(name);
    if (s.items !== undefined) out.items = s.items;
  };
  visit(schema);
  return out;
}

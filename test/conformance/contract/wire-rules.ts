// Rules of the wire a schema check lets through: GitHub's error body on every error status and
// route (its description lists some errors with no body schema, or a looser one), and no null where
// the platform's description types a string and does not allow null. OpenAPI 3.0.3: `nullable`
// adds null to its own schema only, so a nullable string whose `allOf` names a non-nullable enum
// (effective_project_permission, "omitted for personal projects") takes no null: the validator's
// looser reading lets one through, and clients that read the enum break on it.

import type { Contract } from './contract.js';
import type { RecordedExchange } from './recorder.js';

/** GitHub's error body: `{ message, documentation_url, status }`, status the HTTP status as a string. */
export function githubErrorShapeProblems(exchange: RecordedExchange): string[] {
  if (exchange.service !== 'github' || exchange.status < 400) return [];
  if (String(exchange.responseHeaders['content-type']).startsWith('text/html')) return []; // the edge's page (checked as such)
  const body = exchange.responseBody as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return [`a ${exchange.status} without GitHub's error body`];
  const problems: string[] = [];
  if (typeof body.message !== 'string' || body.message === '') problems.push('no message');
  if (typeof body.documentation_url !== 'string' || !body.documentation_url.startsWith('https://docs.github.com/'))
    problems.push('no documentation_url');
  if (body.status !== String(exchange.status)) problems.push(`status ${JSON.stringify(body.status)}, not "${exchange.status}"`);
  return problems;
}

type Schema = {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
};

/** Where in an answer's body a field the description types as a string holds null. */
export function nullStringProblems(contract: Contract, exchange: RecordedExchange): string[] {
  const described = contract.describedAnswer(exchange);
  if ('problem' in described || described.schema === undefined) return [];
  const problems: string[] = [];
  walk(contract, contract.node(described.schema) as Schema, exchange.responseBody, '', problems, 0);
  return problems.map((path) => `body ${path || '/'}: null where the description types a string that takes none`);
}

function walk(contract: Contract, schema: Schema | undefined, value: unknown, path: string, out: string[], depth: number): void {
  if (!schema || depth > 40) return;
  if (schema.$ref) {
    walk(contract, contract.node(schema.$ref.slice(1)) as Schema, value, path, out, depth + 1);
    return;
  }
  if (value === null) {
    // A schema that is not nullable refuses null itself (the schema check says "must be string"):
    // only a nullable one whose allOf part takes no null is this rule's to report.
    if (schema.nullable !== true) return;
    const parts = (schema.allOf ?? []).map((s) => resolved(contract, s));
    const typedString = schema.type === 'string' || parts.some((s) => s.type === 'string');
    if (typedString && parts.some((s) => s.nullable !== true && (s.type !== undefined || s.enum !== undefined))) out.push(path);
    return;
  }
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    walk(contract, part, value, path, out, depth + 1);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(contract, schema.items, item, `${path}/${i}`, out, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [name, field] of Object.entries(value)) walk(contract, schema.properties?.[name], field, `${path}/${name}`, out, depth + 1);
  }
}

function resolved(contract: Contract, schema: Schema): Schema {
  return schema.$ref ? resolved(contract, contract.node(schema.$ref.slice(1)) as Schema) : schema;
}

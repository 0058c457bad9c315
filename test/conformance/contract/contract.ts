// One published description as a checker of the wire: which operation a method and path are, and
// what of a recorded request or answer does not fit it (path and query parameters, body, headers,
// status, response body), each misfit a Mismatch that says where and why.

import type { Exchange } from '@keyturn/emulator';
import type { OpenApiDocument } from './descriptions.js';
import { pointer, SchemaBook } from './schemas.js';

export interface Mismatch {
  service: string;
  side: 'request' | 'response';
  /** `GET /api_keys -> 200` */
  exchange: string;
  problem: string;
}

/** What a service asks of every request or answer beyond its operations' parameters. */
export interface ServiceRules {
  service: string;
  document: OpenApiDocument;
  /** Problems with the request headers every call must carry (credentials, media types, version). */
  requestHeaderProblems(headers: Record<string, string>, hasBody: boolean): string[];
  /**
   * Schema (a pointer) of the service's one error shape: for an error status an operation does not
   * list, and for errors outside every operation (an unknown path, a method a path does not have).
   */
  errorSchema?: string;
  /** An answer from in front of the API (GitHub's edge): checked here instead of against an operation. */
  edgeAnswerProblems?(exchange: Exchange): string[] | undefined;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: { type?: string };
  /** Where its schema is, for the validator. */
  schemaPointer: string;
}

export interface MatchedOperation {
  template: string;
  method: string;
  /** Pointer to the operation object. */
  at: string;
  operation: { parameters?: unknown[]; requestBody?: unknown; responses: Record<string, unknown> };
  pathValues: Record<string, string>;
  parameters: Parameter[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export class Contract {
  readonly schemas: SchemaBook;
  readonly #templates: { template: string; pattern: RegExp; names: string[] }[];

  constructor(readonly rules: ServiceRules) {
    this.schemas = new SchemaBook(`${rules.service}.json`, rules.document);
    // Literal segments win over parameters (`/secrets/public-key` over `/secrets/{secret_name}`).
    this.#templates = Object.keys(rules.document.paths)
      .map((template) => {
        const names: string[] = [];
        const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, name: string) => {
          names.push(name);
          return '([^/]+)';
        });
        return { template, pattern: new RegExp(`^${source}$`), names };
      })
      .sort((a, b) => a.names.length - b.names.length);
  }

  /** The operation a request is, or undefined when the description has none. */
  operation(method: string, path: string): MatchedOperation | undefined {
    const verb = method.toLowerCase();
    for (const { template, pattern, names } of this.#templates) {
      const match = pattern.exec(path);
      const item = this.rules.document.paths[template]!;
      if (!match || !(verb in item) || !METHODS.includes(verb)) continue;
      const pathValues = Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
      const operation = item[verb] as MatchedOperation['operation'];
      return {
        template,
        method: verb,
        at: pointer('paths', template, verb),
        operation,
        pathValues,
        parameters: this.#parameters(template, verb),
      };
    }
    return undefined;
  }

  /** Path-level parameters, overridden by the operation's own (same name and place), refs resolved. */
  #parameters(template: string, verb: string): Parameter[] {
    const byKey = new Map<string, Parameter>();
    const item = this.rules.document.paths[template]!;
    const levels: [unknown[] | undefined, string[]][] = [
      [item.parameters as unknown[] | undefined, ['paths', template, 'parameters']],
      [(item[verb] as { parameters?: unknown[] }).parameters, ['paths', template, verb, 'parameters']],
    ];
    for (const [list, at] of levels) {
      (list ?? []).forEach((raw, index) => {
        const ref = (raw as { $ref?: string }).$ref;
        const [parameter, base] = ref ? [this.#resolve(ref), ref.slice(1)] : [raw, pointer(...at, index)];
        const p = parameter as Omit<Parameter, 'schemaPointer'>;
        // A schema that is only a reference (`alert_number`: #/components/schemas/alert-number) is read
        // through it, so the text of a path or query value is coerced to the type it names.
        const schemaRef = (p.schema as { $ref?: string } | undefined)?.$ref;
        const schema = schemaRef ? (this.#resolve(schemaRef) as Parameter['schema']) : p.schema;
        byKey.set(`${p.in}:${p.name}`, { ...p, schema, schemaPointer: `${base}/schema` });
      });
    }
    return [...byKey.values()];
  }

  #resolve(ref: string): unknown {
    return this.node(ref.slice(1));
  }

  /** What of the request does not fit the operation: its path, parameters, body and headers. */
  checkRequest(exchange: Exchange): Mismatch[] {
    const problems: string[] = [];
    const matched = this.operation(exchange.method, exchange.path);
    if (!matched) return [this.#mismatch(exchange, 'request', 'no such operation in the published description')];
    const query = new URLSearchParams(exchange.query);
    for (const parameter of matched.parameters) {
      const raw =
        parameter.in === 'path'
          ? matched.pathValues[parameter.name]
          : parameter.in === 'query'
            ? query.get(parameter.name)
            : exchange.requestHeaders[parameter.name.toLowerCase()];
      if (raw === undefined || raw === null) {
        if (parameter.required) problems.push(`${parameter.in} parameter ${parameter.name} is required`);
        continue;
      }
      const text = parameter.in === 'path' ? decodeURIComponent(raw) : raw;
      for (const e of this.schemas.check(parameter.schemaPointer, coerce(text, parameter))) {
        problems.push(`${parameter.in} parameter ${parameter.name}=${JSON.stringify(text)}: ${e.message}`);
      }
    }
    const known = new Set(matched.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of query.keys()) if (!known.has(name)) problems.push(`query parameter ${name} is not in the operation`);

    const body = matched.operation.requestBody as { required?: boolean; content?: Record<string, unknown> } | undefined;
    const hasBody = exchange.requestBody !== undefined;
    if (hasBody && !body?.content?.['application/json']) problems.push('a JSON body the operation does not take');
    else if (hasBody) {
      for (const e of this.schemas.check(`${matched.at}/requestBody/content/application~1json/schema`, exchange.requestBody)) {
        problems.push(`body ${e.path}: ${e.message}`);
      }
    } else if (body?.required) problems.push('the operation requires a body');
    problems.push(...this.rules.requestHeaderProblems(exchange.requestHeaders, hasBody));
    return problems.map((p) => this.#mismatch(exchange, 'request', p));
  }

  /** What of the answer does not fit the operation: an undocumented status, the body, its media type. */
  checkResponse(exchange: Exchange): Mismatch[] {
    const edge = this.rules.edgeAnswerProblems?.(exchange);
    if (edge) return edge.map((p) => this.#mismatch(exchange, 'response', p));
    const described = this.describedAnswer(exchange);
    let problems: string[];
    if ('problem' in described) problems = [described.problem];
    else if (described.schema === undefined)
      problems = exchange.responseBody === undefined ? [] : ['a body where the description has none'];
    else problems = this.#bodyProblems(exchange, described.schema);
    return problems.map((p) => this.#mismatch(exchange, 'response', p));
  }

  /** Where the description has the answer's JSON schema (undefined: no body), or why it has none. */
  describedAnswer(exchange: Exchange): { schema?: string } | { problem: string } {
    const matched = this.operation(exchange.method, exchange.path);
    if (!matched && exchange.status >= 400 && this.rules.errorSchema) return { schema: this.rules.errorSchema };
    if (!matched) return { problem: 'answered an operation the published description does not have' };
    const status = String(exchange.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => k in matched.operation.responses);
    if (key === undefined) {
      if (exchange.status >= 400 && this.rules.errorSchema) return { schema: this.rules.errorSchema };
      return { problem: `status ${status} is not documented for the operation` };
    }
    const listed = matched.operation.responses[key] as { $ref?: string };
    const at = listed.$ref ? listed.$ref.slice(1) : `${matched.at}${pointer('responses', key)}`;
    const response = this.node(at) as { content?: Record<string, unknown> };
    if (response.content?.['application/json']) return { schema: `${at}/content/application~1json/schema` };
    // An error the operation lists without a body still comes in the service's one error shape.
    if (exchange.status >= 400 && this.rules.errorSchema && exchange.responseBody !== undefined) return { schema: this.rules.errorSchema };
    return {};
  }

  /** The description's node at a JSON pointer (`/components/schemas/Operation`). */
  node(at: string): unknown {
    let node: unknown = this.rules.document;
    for (const segment of at.split('/').slice(1)) {
      node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node;
  }

  #bodyProblems(exchange: Exchange, schemaPointer: string): string[] {
    if (!/^application\/json\b/.test(exchange.responseHeaders['content-type'] ?? '')) {
      return [`content-type ${exchange.responseHeaders['content-type'] ?? '(none)'} where JSON is described`];
    }
    return this.schemas.check(schemaPointer, exchange.responseBody).map((e) => `body ${e.path}: ${e.message}`);
  }

  #mismatch(exchange: Exchange, side: Mismatch['side'], problem: string): Mismatch {
    return {
      service: this.rules.service,
      side,
      exchange: `${exchange.method} ${exchange.path}${exchange.query} -> ${exchange.status}`,
      problem,
    };
  }
}

/** A parameter's text as the type its schema names (path, query and header values arrive as text). */
function coerce(text: string, parameter: Parameter): unknown {
  const type = parameter.schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

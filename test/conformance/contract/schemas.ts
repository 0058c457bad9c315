// OpenAPI 3.0 schemas checked with Ajv: `nullable` becomes a JSON Schema null branch, refs resolve
// inside the whole document (registered once under its own id), and the formats the descriptions
// use are known (date-time, uuid, uri from ajv-formats; int32/int64 as integer ranges; the rest,
// such as GitHub's `repo.nwo`, accepted as documentation only).

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import type { OpenApiDocument } from './descriptions.js';

const CHECKED_FORMATS = new Set(['date-time', 'uuid', 'uri', 'email', 'date', 'int32', 'int64', 'ipv4', 'ipv6']);

/** A copy of `node` in JSON Schema terms: `nullable: true` as a null branch; the formats found listed. */
function toJsonSchema(node: unknown, formats: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, formats));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // Examples are documentation and can be huge; nothing validates against them.
    if (key === 'example' || key === 'examples') continue;
    out[key] = toJsonSchema(value, formats);
  }
  if (typeof out.format === 'string') formats.add(out.format);
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

export interface SchemaError {
  path: string;
  message: string;
}

export class SchemaBook {
  readonly #ajv: Ajv;
  readonly #id: string;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(id: string, document: OpenApiDocument) {
    const formats = new Set<string>();
    const converted = toJsonSchema({ components: document.components, paths: document.paths }, formats) as object;
    this.#ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, addUsedSchema: false });
    // A CommonJS module: its default export is the plugin, or carries it as `default`.
    const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule) as unknown as (
      ajv: Ajv,
    ) => void;
    addFormats(this.#ajv);
    this.#ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31 });
    this.#ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
    for (const format of formats) if (!CHECKED_FORMATS.has(format)) this.#ajv.addFormat(format, true);
    this.#id = id;
    this.#ajv.addSchema({ ...converted, $id: id });
  }

  /** Errors of `value` against the schema at `pointer` (a JSON pointer into the document), [] when it fits. */
  check(pointer: string, value: unknown): SchemaError[] {
    const validate = this.#compiled.get(pointer) ?? this.#ajv.compile({ $ref: `${this.#id}#${pointer}` });
    this.#compiled.set(pointer, validate);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e: ErrorObject) => ({
      path: e.instancePath || '/',
      message: `${e.message ?? 'invalid'} ${describeParams(e)}`.trim(),
    }));
  }
}

function describeParams(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if ('allowedValues' in params) return `(${JSON.stringify(params.allowedValues)})`;
  return '';
}

/** `/paths/~1api_keys/get` from `['paths', '/api_keys', 'get']`. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

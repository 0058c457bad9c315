// How much of each answer the emulators send. `full`: every field they know, `null` for a nullable
// value they lack. `sparse`: only what the published description requires, `null` where it allows
// null, plus a field it does not know, so a client is tried on the least the contract promises.

export type ResponseShape = 'full' | 'sparse';

export const RESPONSE_SHAPES: readonly ResponseShape[] = ['full', 'sparse'];

/** The environment variable a test run sets to start every emulator in a shape (`full` by default). */
export const SHAPE_ENV = 'KEYTURN_EMULATOR_SHAPE';

/** The field the sparse shape adds to every object: a client must ignore what it does not know. */
export const UNKNOWN_FIELD = 'emulator_unannounced_field';

/** The shape option, else KEYTURN_EMULATOR_SHAPE, else `full`; a TypeError for anything else. */
export function resolveShape(option: ResponseShape | undefined): ResponseShape {
  const shape = option ?? (process.env[SHAPE_ENV] || 'full');
  if (!RESPONSE_SHAPES.includes(shape as ResponseShape)) {
    throw new TypeError(`shape must be one of ${RESPONSE_SHAPES.join(', ')} (${SHAPE_ENV} too); got ${JSON.stringify(shape)}`);
  }
  return shape as ResponseShape;
}

/**
 * One object on the wire. In the sparse shape the `optional` fields go (a field listed in `keepWhenSet`
 * stays while it holds a value, because its absence means something else), `nullable` ones are sent
 * as null, and the unknown field is added.
 */
export function shaped<T extends object>(
  shape: ResponseShape,
  object: T,
  fields: { optional: readonly (keyof T)[]; nullable?: readonly (keyof T)[]; keepWhenSet?: readonly (keyof T)[] },
): T {
  if (shape === 'full') return object;
  const out: Record<string, unknown> = { ...(object as Record<string, unknown>) };
  for (const name of fields.optional) {
    const value = out[name as string];
    if (fields.keepWhenSet?.includes(name) && value !== null && value !== undefined) continue;
    delete out[name as string];
  }
  for (const name of fields.nullable ?? []) out[name as string] = null;
  out[UNKNOWN_FIELD] = 'ignore me';
  return out as T;
}

/**
 * A successful answer's top-level object in the shape (its resources are shaped where they are made).
 * An empty object stays empty: GitHub describes it as one with no properties at all (`empty-object`).
 */
export function shapedAnswer(shape: ResponseShape, status: number, body: unknown): unknown {
  if (shape === 'full' || status >= 300 || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  if (Object.keys(body).length === 0) return body;
  return { ...body, [UNKNOWN_FIELD]: 'ignore me' };
}

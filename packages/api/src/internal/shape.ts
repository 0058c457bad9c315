// Light checks of response bodies: enough that a wrong baseUrl or a changed API fails with a clear
// error instead of `undefined` deep inside the caller. Messages name fields, never values (a
// created key's body holds the key).
import { KeyturnError } from '../errors.js';

export class ShapeError extends KeyturnError {
  override name = 'ShapeError';
}

export function expectObject(data: unknown, what: string): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ShapeError(`${what} is not an object`);
  return data as Record<string, unknown>;
}

export function expectArray(data: unknown, what: string): unknown[] {
  if (!Array.isArray(data)) throw new ShapeError(`${what} is not an array`);
  return data;
}

/** Checks that `data` is an object whose listed fields have the given `typeof`. */
export function expectFields<T>(data: unknown, what: string, fields: Record<string, 'string' | 'number'>): T {
  const object = expectObject(data, what);
  for (const [field, type] of Object.entries(fields)) {
    if (typeof object[field] !== type) throw new ShapeError(`${what}.${field} is not a ${type}`);
  }
  return object as T;
}

/** `data[field]` as an array of objects with the given fields. */
export function expectList<T>(data: unknown, field: string, itemFields: Record<string, 'string' | 'number'>): T[] {
  const list = expectArray(expectObject(data, 'the body')[field], field);
  return list.map((item, i) => expectFields<T>(item, `${field}[${i}]`, itemFields));
}

/** `pagination.cursor` of a list body, when it has one. */
export function paginationCursor(data: unknown): string | undefined {
  const pagination = expectObject(data, 'the body').pagination;
  if (typeof pagination !== 'object' || pagination === null) return undefined;
  const { cursor } = pagination as { cursor?: unknown };
  return typeof cursor === 'string' && cursor !== '' ? cursor : undefined;
}

// What personal and organization API keys share: the `key_name` rule, the checks of the three
// answers (created, listed, revoked) and the list and revoke requests, so both resources hold keys to one standard.
import { OptionError } from '../errors.js';
import { expectArray, expectFields } from '../internal/shape.js';
import type { Transport } from '../internal/transport.js';
import { isPlainObject, requireNumber } from '../internal/validate.js';
import { PagePromise, wholeListReader } from '../pagination.js';
import { toCallOptions } from './request-options.js';

/** 1 to 64 characters. */
export const MAX_KEY_NAME = 64;

const KEY_FIELDS = { id: 'number', name: 'string' } as const;

/** `params` as an object whose `key_name` is 1..64 characters (counted as characters, not bytes). */
export function checkKeyParams(params: unknown, context: string): Record<string, unknown> & { key_name: string } {
  if (!isPlainObject(params)) throw new OptionError('params', `${context}: params must be an object such as { key_name: 'ci-2025' }`);
  const name = params.key_name;
  const length = typeof name === 'string' ? [...name].length : 0;
  if (typeof name !== 'string' || length === 0 || length > MAX_KEY_NAME) {
    throw new OptionError('key_name', `${context}: key_name must be a string of 1 to ${MAX_KEY_NAME} characters (got ${length})`);
  }
  return params as Record<string, unknown> & { key_name: string };
}

/** A key id: a positive integer (int64 in the published description, kept to what a number holds exactly). */
export function checkKeyId(keyId: unknown, context: string): number {
  return requireNumber(keyId, 'keyId', context, { integer: true, min: 1, max: Number.MAX_SAFE_INTEGER });
}

/** The answer of a create: the only one that holds the key's value. */
export function parseCreatedKey<T>(data: unknown): T {
  return expectFields<T>(data, 'the body', { id: 'number', key: 'string' });
}

/** A key list: a bare JSON array, not paginated. */
export function parseKeyList<T>(data: unknown): T[] {
  return expectArray(data, 'the body').map((k, i) => expectFields<T>(k, `the body[${i}]`, KEY_FIELDS));
}

/** The answer of a revoke. */
export function parseRevokedKey<T>(data: unknown): T {
  return expectFields<T>(data, 'the body', KEY_FIELDS);
}

/** The keys listed at `path()` (not paginated: one page); its argument mistakes, as the request's, reject. */
export function listKeys<T extends { id: number }>(transport: Transport, path: () => string, options: unknown, context: string) {
  const read = () => transport.request({ method: 'GET', path: path(), parse: parseKeyList<T> }, toCallOptions(options, context));
  return new PagePromise(wholeListReader(read), (key) => String(key.id));
}

/** Revokes the key at `path`. */
export function revokeKey<T>(transport: Transport, path: string, options: unknown, context: string): Promise<T> {
  return transport.request({ method: 'DELETE', path, parse: parseRevokedKey<T> }, toCallOptions(options, context));
}

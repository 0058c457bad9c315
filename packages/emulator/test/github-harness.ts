// Shared by the GitHub emulator tests: seal values as a client does (libsodium against the fetched
// public key) and call the API over real HTTP.

import sodium from 'libsodium-wrappers';
import type { GitHubEmulator } from '../src/index.js';

export const WRITE_TOKEN = 'ghp_writeWRITEwrite0123456789abcdefABCDEF';
export const READ_TOKEN = 'ghp_readREADread0123456789abcdefABCDEFGH';
export const NONE_TOKEN = 'ghp_noneNONEnone0123456789abcdefABCDEFGH';
export const TOKENS = { [WRITE_TOKEN]: 'write', [READ_TOKEN]: 'read', [NONE_TOKEN]: 'none' } as const;

export interface ApiReply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON GitHub's shape holds
  body: any;
}

/** One request to the emulated GitHub API, as `Authorization: Bearer <token>` unless told otherwise. */
export async function call(
  gh: GitHubEmulator,
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown; rawBody?: string; authorization?: string } = {},
): Promise<ApiReply> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json' };
  const token = options.token === undefined ? WRITE_TOKEN : options.token;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (token !== null) headers.authorization = `Bearer ${token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${gh.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/** Seals `value` for the base64 public key a `public-key` endpoint answered (`crypto_box_seal`). */
export async function seal(value: string, publicKey: string): Promise<string> {
  await sodium.ready;
  const key = sodium.from_base64(publicKey, sodium.base64_variants.ORIGINAL);
  return sodium.to_base64(sodium.crypto_box_seal(value, key), sodium.base64_variants.ORIGINAL);
}

/** Fetches `<collection>/public-key`, seals `value` with it and PUTs it as `<collection>/<name>`. */
export async function putSealed(
  gh: GitHubEmulator,
  collection: string,
  name: string,
  value: string,
  extra: Record<string, unknown> = {},
): Promise<ApiReply> {
  const key = await call(gh, 'GET', `${collection}/public-key`);
  if (key.status !== 200) throw new Error(`public key of ${collection}: HTTP ${key.status}`);
  const encrypted_value = await seal(value, key.body.key);
  return call(gh, 'PUT', `${collection}/${name}`, { body: { encrypted_value, key_id: key.body.key_id, ...extra } });
}

// Where the key may go. The key is global to the account (platform-api.md §5.3), so it is sent
// only to the configured origin, over https unless the host is loopback (the local emulator).
import { OptionError } from '../errors.js';
import { DEFAULT_BASE_URL } from '../options.js';
import { isLoopbackHost } from './loopback-host.js';

export interface BaseUrl {
  /** `https://host:port`: the only origin that ever receives the Authorization header. */
  origin: string;
  /** The API root path without a trailing slash, e.g. `/api/v2`. */
  pathname: string;
  /** origin + pathname, for display. */
  href: string;
}

/** Checks and normalises `baseUrl`. Messages show at most the host, never the raw value. */
export function parseBaseUrl(value: unknown, context: string): BaseUrl {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new OptionError('baseUrl', `${context}: baseUrl must be a non-empty string such as ${DEFAULT_BASE_URL}`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OptionError('baseUrl', `${context}: baseUrl is not a valid absolute URL (expected e.g. ${DEFAULT_BASE_URL})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OptionError('baseUrl', `${context}: baseUrl must use https: (got ${url.protocol})`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new OptionError('baseUrl', `${context}: baseUrl must not contain credentials; pass the key as apiKey`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new OptionError(
      'baseUrl',
      `${context}: baseUrl must use https: for ${url.host}; plain http: is allowed only for loopback hosts ` +
        '(127.0.0.0/8, ::1, localhost), so the key never crosses a network in clear text',
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new OptionError('baseUrl', `${context}: baseUrl must not have a query or a fragment (expected e.g. ${DEFAULT_BASE_URL})`);
  }
  const pathname = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, pathname, href: `${url.origin}${pathname}` };
}

/**
 * Encodes one path segment. URL parsing resolves `.` and `..` even percent-encoded
 * (`/projects/%2E%2E/api_keys` becomes `/api_keys`), so such ids are refused outright.
 */
export function encodePathSegment(value: string | number): string {
  const text = String(value);
  if (text === '' || text === '.' || text === '..') {
    throw new OptionError('id', `an id in an API path must not be empty, "." or ".." (got "${text}")`);
  }
  return encodeURIComponent(text);
}

/** Tagged template for API paths: every interpolated value becomes exactly one encoded segment. */
export function apiPath(strings: TemplateStringsArray, ...segments: Array<string | number>): string {
  return strings.reduce((path, part, i) => path + part + (i < segments.length ? encodePathSegment(segments[i]!) : ''), '');
}

export type QueryValue = string | number | boolean | undefined;

/** The absolute URL of an API path; throws if it would leave the configured origin. */
export function buildRequestUrl(base: BaseUrl, path: string, query?: Record<string, QueryValue>): URL {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`internal: API path must be relative: ${path}`);
  const url = new URL(`${base.origin}${base.pathname}${path}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  assertSameOrigin(url, base);
  return url;
}

export function assertSameOrigin(url: URL, base: BaseUrl): void {
  if (url.origin !== base.origin || !url.pathname.startsWith(`${base.pathname}/`)) {
    throw new Error(`internal: refusing to send the API key outside ${base.href}`);
  }
}

/** The host a redirect points to, for the error message (never the full URL: it may hold tokens). */
export function redirectTarget(location: string | null, requestUrl: URL): string {
  if (!location) return 'an unspecified location';
  try {
    return new URL(location, requestUrl).host;
  } catch {
    return 'an invalid location';
  }
}

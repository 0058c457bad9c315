// The request target as sent (RFC 9112 section 3.2), split by hand: `new URL(target, base)` would
// read `//x/api_keys` as a host named x and drop empty segments the real services answer 404 to.

export interface RequestTarget {
  /** Everything before the first `?`, undecoded. */
  path: string;
  /** `?` and what follows, or `''`. */
  search: string;
}

export function splitRequestTarget(target: string): RequestTarget {
  const at = target.indexOf('?');
  return at < 0 ? { path: target, search: '' } : { path: target.slice(0, at), search: target.slice(at) };
}

/** `path` relative to `mount` (`/api/v2/api_keys` -> `/api_keys`), or undefined when it lies outside. */
export function pathWithin(path: string, mount: string): string | undefined {
  if (mount === '') return path;
  if (path === mount) return '/';
  return path.startsWith(`${mount}/`) ? path.slice(mount.length) : undefined;
}

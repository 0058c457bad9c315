// A tiny path router: `/projects/:project_id/operations` patterns, one segment per parameter.
// Request paths are matched as sent: a path with an empty segment (`/a//b`, `/a/`) matches nothing,
// as the real services answer 404 to such paths.

export interface PathPattern {
  source: string;
  readonly segments: readonly string[];
}

export function compilePattern(source: string): PathPattern {
  return { source, segments: source.split('/').filter((s) => s !== '') };
}

/**
 * The segments of a request path (`/a/b` -> `['a', 'b']`, `/` -> `[]`); undefined when the path is
 * not absolute or has an empty segment.
 */
export function pathSegments(path: string): string[] | undefined {
  if (!path.startsWith('/')) return undefined;
  if (path === '/') return [];
  const parts = path.slice(1).split('/');
  return parts.includes('') ? undefined : parts;
}

/**
 * Matches a path against a pattern. `:name` captures one segment, `*` matches one segment and a
 * trailing `**` matches the rest. Returns the captured parameters, or undefined.
 */
export function matchPattern(pattern: PathPattern, path: string): Record<string, string> | undefined {
  const parts = pathSegments(path);
  return parts && matchSegments(pattern, parts) ? captures(pattern, parts) : undefined;
}

/** Whether a path's segments (pathSegments) match a pattern; a dispatcher splits the path once for every route. */
export function matchSegments(pattern: PathPattern, parts: readonly string[]): boolean {
  const { segments } = pattern;
  for (let i = 0; i < segments.length; i++) {
    const want = segments[i]!;
    if (want === '**') return true;
    const got = parts[i];
    if (got === undefined) return false;
    if (want === '*' || want.startsWith(':')) continue;
    if (want !== got) return false;
  }
  return parts.length === segments.length;
}

/** The `:name` parameters of segments that match the pattern, decoded. */
export function captures(pattern: PathPattern, parts: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  const { segments } = pattern;
  for (let i = 0; i < segments.length && i < parts.length; i++) {
    const want = segments[i]!;
    if (want === '**') break;
    if (want.startsWith(':')) params[want.slice(1)] = safeDecode(parts[i]!);
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

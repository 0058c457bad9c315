// A tiny path router: `/projects/:project_id/operations` patterns, one segment per parameter.
// Request paths are matched as sent: a path with an empty segment (`/a//b`, `/a/`) matches nothing,
// as the real services answer 404 to such paths.

export interface PathPattern {
  source: string;
  segments: string[];
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
  if (!parts) return undefined;
  const params: Record<string, string> = {};
  const { segments } = pattern;
  for (let i = 0; i < segments.length; i++) {
    const want = segments[i]!;
    if (want === '**') return params;
    const got = parts[i];
    if (got === undefined) return undefined;
    if (want === '*') continue;
    if (want.startsWith(':')) {
      params[want.slice(1)] = safeDecode(got);
      continue;
    }
    if (want !== got) return undefined;
  }
  return parts.length === segments.length ? params : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

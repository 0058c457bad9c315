// A tiny path router: `/projects/:project_id/operations` patterns, one segment per parameter.

export interface PathPattern {
  source: string;
  segments: string[];
}

export function compilePattern(source: string): PathPattern {
  return { source, segments: splitPath(source) };
}

export function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/**
 * Matches a path against a pattern. `:name` captures one segment, `*` matches one segment and a
 * trailing `**` matches the rest. Returns the captured parameters, or undefined.
 */
export function matchPattern(pattern: PathPattern, path: string): Record<string, string> | undefined {
  const parts = splitPath(path);
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

// Which secret names an inventory looks for: the family's secret name, or globs (`NEON*`, `*_API_KEY`,
// `?` one character). GitHub's secret names are case-insensitive (it lists them upper-case), so the
// match is too, for GitLab's variables as well: a copy spelt in lower case is still a copy.

/** Why `pattern` cannot name secrets, or undefined when it can. */
export function namePatternProblem(pattern: string): string | undefined {
  if (typeof pattern !== 'string' || pattern.trim() === '') return 'is empty: give a secret name or a glob such as NEON*';
  if (!/^[A-Za-z0-9_*?]+$/.test(pattern))
    return `"${pattern.slice(0, 40)}" holds characters no secret name has: letters, digits, _ and the wildcards * and ? only`;
  return undefined;
}

/** A test of names against every pattern (any of them matching). */
export function nameMatcher(patterns: readonly string[]): (name: string) => boolean {
  const expressions = patterns.map((p) => new RegExp(`^${p.replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i'));
  return (name) => expressions.some((e) => e.test(name));
}

// The GitHub names a target spec holds: accounts (owners, organizations) and repositories.

// GitHub account names: alphanumerics and single hyphens, not at either end, up to 39 characters.
export const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
// Repository names: letters, digits, `.`, `_`, `-` (never `.` or `..`), up to 100 characters.
export const REPO = /^(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;

/** `value` is a string `pattern` accepts (a parsed spec's field, given by a caller, may be anything). */
export function isName(pattern: RegExp, value: unknown): boolean {
  return typeof value === 'string' && pattern.test(value);
}

/** `OWNER/REPO`, as GitHub would take it. */
export function isFullName(name: unknown): boolean {
  const [owner, repo, ...more] = typeof name === 'string' ? name.split('/') : [];
  return !more.length && isName(OWNER, owner) && isName(REPO, repo);
}

/** A trailing comment is no longer stripped (it could end an environment name): say where it goes. */
export function commentHint(text: string): string {
  return /\s#/.test(text) ? ' (a comment goes on a line of its own, starting with #)' : '';
}

/** `OWNER/REPO`, or an Error saying what was `expected`. */
export function parseRepository(text: string, expected: string): { owner: string; repo: string } {
  const parts = text.trim().split('/');
  const [owner = '', repo = ''] = parts;
  if (parts.length !== 2 || !OWNER.test(owner) || !REPO.test(repo)) throw new Error(`expected ${expected}${commentHint(text)}`);
  return { owner, repo };
}

/** What is wrong with a parsed spec's repository, if anything. */
export function repositoryProblem(spec: { owner: unknown; repo: unknown }): string | undefined {
  if (!isName(OWNER, spec.owner) || !isName(REPO, spec.repo)) return 'owner and repo must name a GitHub repository (OWNER/REPO)';
  return undefined;
}

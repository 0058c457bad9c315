// GitHub's secret naming rules, and the 48 KB value limit.
// https://docs.github.com/actions/security-guides/using-secrets-in-github-actions#naming-your-secrets

export const MAX_SECRET_BYTES = 48 * 1024;

/** Why `name` is not a valid secret name, in GitHub's words; undefined when it is valid. */
export function secretNameProblem(name: string): string | undefined {
  if (name === '' || !/^[A-Za-z0-9_]+$/.test(name)) {
    return 'Secret names can only contain alphanumeric characters ([a-z], [A-Z], [0-9]) or underscores (_). Spaces are not allowed.';
  }
  if (/^[0-9]/.test(name)) return 'Secret names must not start with a number.';
  if (/^GITHUB_/i.test(name)) return 'Secret names must not start with GITHUB_.';
  return undefined;
}

/** Secret names are case-insensitive; GitHub stores and answers them upper-case. */
export function canonicalSecretName(name: string): string {
  return name.toUpperCase();
}

export function secretValueProblem(value: string): string | undefined {
  const bytes = Buffer.byteLength(value, 'utf8');
  return bytes > MAX_SECRET_BYTES ? `Secret values are limited to 48 KB (this one is ${bytes} bytes).` : undefined;
}

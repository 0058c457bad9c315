// What reading and resolving secret-scanning alerts needs, for the advice of a refused request.
// https://docs.github.com/rest/secret-scanning/secret-scanning ("Fine-grained access tokens": "Secret
// scanning alerts" repository permission (write); classic tokens: the repo or security_events scope).

export const ALERT_PERMISSIONS =
  'a fine-grained token with the repository permission "Secret scanning alerts: Read and write", a GitHub App with ' +
  '`secret_scanning_alerts` write, or a classic token with the `repo` or `security_events` scope; the workflow GITHUB_TOKEN ' +
  'cannot read secret-scanning alerts';

/** The advice for a failure to read or resolve alerts: the permission when GitHub refused it (403, 404). */
export function alertFailureAdvice(error: unknown, scope: string): string {
  const status = (error as { status?: number } | undefined)?.status;
  if (status === 403 || status === 404) {
    return (
      `The token may not read or resolve the secret-scanning alerts of the ${scope} (or secret scanning is off there): ` +
      `use ${ALERT_PERMISSIONS}. Run again once fixed; alerts already answered stay resolved`
    );
  }
  return 'Run again: each run finishes what remains, and an alert already answered stays resolved';
}

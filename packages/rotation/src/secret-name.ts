// GitHub's naming rules for secrets:
// https://docs.github.com/en/actions/security-for-github-actions/security-guides/using-secrets-in-github-actions#naming-your-secrets

import { OptionError } from '@keyturn/api';

/** The secret rotateKey writes when `secretName` is not given. */
export const DEFAULT_SECRET_NAME = 'NEON_API_KEY';

class SecretNameError extends OptionError {
  constructor(message: string) {
    super('secretName', message);
  }
}

/** Throws an OptionError of `secretName` saying which rule `name` breaks. Names are case-insensitive on GitHub. */
export function validateSecretName(name: string): void {
  const shown = JSON.stringify(name);
  if (typeof name !== 'string' || name.length === 0) throw new SecretNameError('the secret name is empty');
  if (!/^[A-Za-z0-9_]+$/.test(name)) {
    throw new SecretNameError(`secret name ${shown} may hold only letters, digits and underscores`);
  }
  if (/^[0-9]/.test(name)) throw new SecretNameError(`secret name ${shown} must not start with a digit`);
  if (/^GITHUB_/i.test(name)) throw new SecretNameError(`secret name ${shown} must not start with GITHUB_ (reserved)`);
}

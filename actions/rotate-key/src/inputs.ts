// The inputs of rotate-key, as action.yml declares them (names and defaults are public interface:
// DESIGN.md "The Actions"). All are checked before the first request; the rules of targets, secret
// names and key families are @keyturn/rotation's own, so the Action and the library agree.

import { formatTargetSpec, parseTargetSpecs, validateFamily, validateSecretName } from '@keyturn/rotation';
import {
  collectInputs,
  InputError,
  parseApiUrl,
  parseBoolean,
  parseCredential,
  parseInteger,
  parseKeyIds,
  readInput,
} from '../../common/src/index.js';

/** Defaults, the same as action.yml's (a test holds them equal). */
export const DEFAULTS = {
  'api-url': 'https://console.neon.tech/api/v2',
  'secret-name': 'NEON_API_KEY',
  keep: '1',
  'dry-run': 'false',
} as const;

export const SECRET_INPUTS = ['api-key', 'github-token'] as const;

/** Runs a library validator, turning its error into one that names the input. */
function validatedBy(check: (text: string) => void) {
  return (name: string, text: string): string => {
    try {
      check(text);
    } catch (error) {
      throw new InputError(name, `is invalid: ${(error as Error).message}`);
    }
    return text;
  };
}

/** Target specs in canonical form; empty means the current repository (GITHUB_REPOSITORY). */
function parseTargets(name: string, text: string): string[] {
  let specs: ReturnType<typeof parseTargetSpecs>;
  try {
    specs = parseTargetSpecs(text, { defaultRepository: process.env.GITHUB_REPOSITORY || undefined });
  } catch (error) {
    throw new InputError(name, `is invalid: ${(error as Error).message}`);
  }
  return specs.map(formatTargetSpec);
}

export function readRotateInputs() {
  return collectInputs({
    apiKey: () =>
      readInput('api-key', parseCredential, {
        required: true,
        hint: `pass the secret being rotated, e.g. api-key: \${{ secrets.NEON_API_KEY }}`,
      }),
    apiUrl: () => readInput('api-url', parseApiUrl, { default: DEFAULTS['api-url'] }),
    githubToken: () =>
      readInput('github-token', parseCredential, {
        required: true,
        hint: `pass a token that can write secrets (GITHUB_TOKEN cannot), e.g. github-token: \${{ secrets.SECRETS_WRITER_TOKEN }}`,
      }),
    secretName: () => readInput('secret-name', validatedBy(validateSecretName), { default: DEFAULTS['secret-name'] }),
    targets: () => readInput('targets', parseTargets, { multiline: true, maxLength: 20_000 }),
    family: () => readInput('key-name-prefix', (name, text) => (text ? validatedBy(validateFamily)(name, text) : undefined)),
    keep: () => readInput('keep', (name, text) => parseInteger(name, text, { min: 1, max: 100 }), { default: DEFAULTS.keep }),
    revokeKeyIds: () => readInput('revoke-key-ids', parseKeyIds, { multiline: true, maxLength: 10_000 }),
    dryRun: () => readInput('dry-run', parseBoolean, { default: DEFAULTS['dry-run'] }),
  });
}

export type RotateInputs = ReturnType<typeof readRotateInputs>;

// The inputs of rotate-key, as action.yml declares them (names and defaults are public interface:
// DESIGN.md "The Actions"). All are checked before the first request; the rules of targets, secret
// names and key families are @keyturn/rotation's own, so the Action and the library agree.

import { DEFAULT_BASE_URL } from '@keyturn/api';
import {
  DEFAULT_SECRET_NAME,
  formatTargetSpec,
  githubTokenProblem,
  parseTargetSpecs,
  platformKeyProblem,
  validateFamily,
  validateSecretName,
} from '@keyturn/rotation';
import {
  collectInputs,
  InputError,
  looksLikeCredential,
  parseApiUrl,
  parseBoolean,
  parseCredential,
  parseInteger,
  parseKeyIds,
  readInput,
  rejectedValue,
  withoutEchoes,
} from '@keyturn/action-common';

/** Defaults, the same as action.yml's (a test holds them equal). */
export const DEFAULTS = {
  'api-url': DEFAULT_BASE_URL,
  'secret-name': DEFAULT_SECRET_NAME,
  keep: '1',
  'dry-run': 'false',
} as const;

export const SECRET_INPUTS = ['api-key', 'github-token'] as const;

/** The library's error, naming the input; the library quotes what it refuses, so echoes are hidden. */
function invalidInput(name: string, text: string, error: unknown): InputError {
  return new InputError(name, `is invalid: ${withoutEchoes((error as Error).message, text)}`);
}

/**
 * Runs a library validator of a name. A name is logged once accepted, so a value shaped like a key
 * (pasted into the wrong input) is refused first.
 */
function nameValidatedBy(what: string, check: (text: string) => void) {
  return (name: string, text: string): string => {
    if (looksLikeCredential(text)) throw new InputError(name, `is ${rejectedValue(text)}, not ${what}`);
    try {
      check(text);
    } catch (error) {
      throw invalidInput(name, text, error);
    }
    return text;
  };
}

/** Target specs in canonical form; empty means the current repository (GITHUB_REPOSITORY), or none for retire-targets. */
function parseTargets(name: string, text: string): string[] {
  if (name === 'retire-targets' && !text) return [];
  let specs: string[];
  try {
    const defaultRepository = name === 'targets' ? process.env.GITHUB_REPOSITORY || undefined : undefined;
    specs = parseTargetSpecs(text, { defaultRepository }).map(formatTargetSpec);
  } catch (error) {
    throw invalidInput(name, text, error);
  }
  // Target names reach request paths, logs and outputs: one shaped like a key was pasted by mistake.
  const pasted = specs.findIndex(looksLikeCredential);
  if (pasted >= 0) {
    throw new InputError(name, `target ${pasted + 1} is ${rejectedValue(specs[pasted]!)}: a target names a repository, environment or organization`);
  }
  return specs;
}

/** A credential, refused when the library knows it for the other service's (it would be sent there). */
function credentialOf(problemOf: (value: string) => string | undefined) {
  return (name: string, text: string): string => {
    const value = parseCredential(name, text);
    const problem = problemOf(value);
    if (problem) throw new InputError(name, problem);
    return value;
  };
}

export function readRotateInputs() {
  return collectInputs({
    apiKey: () =>
      readInput('api-key', credentialOf(platformKeyProblem), {
        required: true,
        hint: `pass the secret being rotated, e.g. api-key: \${{ secrets.${DEFAULT_SECRET_NAME} }}`,
      }),
    apiUrl: () => readInput('api-url', parseApiUrl, { default: DEFAULTS['api-url'] }),
    githubToken: () =>
      readInput('github-token', credentialOf(githubTokenProblem), {
        required: true,
        hint: `pass a token that can write secrets (GITHUB_TOKEN cannot), e.g. github-token: \${{ secrets.SECRETS_WRITER_TOKEN }}`,
      }),
    secretName: () =>
      readInput('secret-name', nameValidatedBy('a secret name', validateSecretName), { default: DEFAULTS['secret-name'] }),
    targets: () => readInput('targets', parseTargets, { multiline: true, maxLength: 20_000 }),
    retireTargets: () => readInput('retire-targets', parseTargets, { multiline: true, maxLength: 20_000 }),
    family: () =>
      readInput('key-name-prefix', (name, text) => (text ? nameValidatedBy('a key name prefix', validateFamily)(name, text) : undefined)),
    keep: () => readInput('keep', (name, text) => parseInteger(name, text, { min: 1, max: 100 }), { default: DEFAULTS.keep }),
    revokeKeyIds: () => readInput('revoke-key-ids', parseKeyIds, { multiline: true, maxLength: 10_000 }),
    dryRun: () => readInput('dry-run', parseBoolean, { default: DEFAULTS['dry-run'] }),
  });
}

export type RotateInputs = ReturnType<typeof readRotateInputs>;

// Which service's access a run lacks for what its targets, retired targets and record need: one
// mistake per service, saying what needs it (AccessMissingError); and what GitHub access reaches.
// Checked by check-options.ts.

import type { OptionError } from '@keyturn/api';
import { type AccessNeed, AccessMissingError } from './access-missing.js';
import type { CheckedGitHub, CheckedOptions } from './check-options.js';
import { reachedThrough } from './targets/kinds/registry.js';

/** GitHub access is missing for what needs it (one mistake of `github`, whatever needs it). */
export function missingGitHub({ targets, retire, record }: Pick<CheckedOptions, 'targets' | 'retire' | 'record'>): OptionError | undefined {
  const needs = needsOf({
    targets: 'specs' in targets && targets.specs.some(reachedThrough('github')),
    'retire-targets': retire.some(({ spec }) => reachedThrough('github')(spec)),
    record: record !== undefined && 'repository' in record,
  });
  if (!needs.length) return undefined;
  const words = {
    targets: 'to write GitHub secrets',
    'retire-targets': 'to check retireTargets',
    record: "to keep the record in record.repository's variables",
  };
  return new AccessMissingError(
    'github',
    `github options (a token, a GitHub App, or an octokit) are required ${needs.map((n) => words[n]).join(' and ')}`,
    needs,
  );
}

/** GitLab access is missing for what needs it: GitLab targets, or a record in a GitLab project. */
export function missingGitLab({ targets, retire, record }: Pick<CheckedOptions, 'targets' | 'retire' | 'record'>): OptionError | undefined {
  const needs = needsOf({
    targets: 'specs' in targets && targets.specs.some(reachedThrough('gitlab')),
    'retire-targets': retire.some(({ spec }) => reachedThrough('gitlab')(spec)),
    record: record !== undefined && 'gitlab' in record,
  });
  if (!needs.length) return undefined;
  const words = {
    targets: 'to write GitLab CI/CD variables',
    'retire-targets': 'to check GitLab retireTargets',
    record: "to keep the record in record.gitlab's variables",
  };
  // Worded from the token's name, so a caller naming its own input ("it is required") reads well.
  return new AccessMissingError(
    'gitlab.token',
    `token is required ${needs.map((n) => words[n]).join(' and ')}: a GitLab personal, project or group access token with the ` +
      `\`api\` scope`,
    needs,
  );
}

/** Vercel access is missing for Vercel targets (retired ones too: is the variable gone?). */
export function missingVercel({ targets, retire }: Pick<CheckedOptions, 'targets' | 'retire'>): OptionError | undefined {
  const needs = needsOf({
    targets: 'specs' in targets && targets.specs.some(reachedThrough('vercel')),
    'retire-targets': retire.some(({ spec }) => reachedThrough('vercel')(spec)),
    record: false,
  });
  if (!needs.length) return undefined;
  const words = {
    targets: "to write Vercel projects' environment variables",
    'retire-targets': 'to check Vercel retireTargets',
    record: '',
  };
  return new AccessMissingError(
    'vercel.token',
    `token is required ${needs.map((n) => words[n]).join(' and ')}: a Vercel access token whose scope includes the projects' team`,
    needs,
  );
}

function needsOf(needed: Record<AccessNeed, boolean>): AccessNeed[] {
  return (Object.keys(needed) as AccessNeed[]).filter((need) => needed[need]);
}

/** The API root the run's clients use, and whether they are an App's. */
export function gitHubReach(github: CheckedGitHub): { baseUrl: string | undefined; app: boolean } {
  if ('token' in github) return { baseUrl: github.token.baseUrl, app: false };
  if ('app' in github) return { baseUrl: github.settings.baseUrl, app: true };
  // A caller's Octokit: its own base URL; the credential behind it is the caller's to know.
  const baseUrl = (github.octokit as { request?: { endpoint?: { DEFAULTS?: { baseUrl?: unknown } } } }).request?.endpoint?.DEFAULTS
    ?.baseUrl;
  return { baseUrl: typeof baseUrl === 'string' ? baseUrl : undefined, app: false };
}

// Which service's access a run lacks for what its targets, retired targets and record need: one
// mistake per service, saying what needs it (AccessMissingError); and what GitHub access reaches.
// Checked by check-options.ts.

import type { OptionError } from '@keyturn/api';
import { type AccessNeed, AccessMissingError } from './access-missing.js';
import type { CheckedGitHub, CheckedOptions } from './check-options.js';
import { reachedThrough } from './targets/kinds/registry.js';

/**
 * What each service's access is needed for, in a message's words, and the message: GitLab's and
 * Vercel's are worded from the token's name, so a caller naming its own input ("it is required") reads well.
 */
const ACCESS = {
  github: {
    option: 'github',
    words: {
      targets: 'to write GitHub secrets',
      'retire-targets': 'to check retireTargets',
      record: "to keep the record in record.repository's variables",
    },
    record: 'repository',
    say: (needed: string) => `github options (a token, a GitHub App, or an octokit) are required ${needed}`,
  },
  gitlab: {
    option: 'gitlab.token',
    words: {
      targets: 'to write GitLab CI/CD variables',
      'retire-targets': 'to check GitLab retireTargets',
      record: "to keep the record in record.gitlab's variables",
    },
    record: 'gitlab',
    say: (needed: string) => `token is required ${needed}: a GitLab personal, project or group access token with the \`api\` scope`,
  },
  // Vercel keeps no record; its retired targets need it too (is the variable gone?).
  vercel: {
    option: 'vercel.token',
    words: { targets: "to write Vercel projects' environment variables", 'retire-targets': 'to check Vercel retireTargets', record: '' },
    record: undefined,
    say: (needed: string) => `token is required ${needed}: a Vercel access token whose scope includes the projects' team`,
  },
} as const;

/** `service`'s access is missing for what needs it (one mistake, whatever needs it): its targets, retired targets or record. */
export function missingAccess(
  service: keyof typeof ACCESS,
  { targets, retire, record }: Pick<CheckedOptions, 'targets' | 'retire' | 'record'>,
): OptionError | undefined {
  const access = ACCESS[service];
  const reached = reachedThrough(service);
  const needs = needsOf({
    targets: 'specs' in targets && targets.specs.some(reached),
    'retire-targets': retire.some(({ spec }) => reached(spec)),
    record: access.record !== undefined && record !== undefined && access.record in record,
  });
  if (!needs.length) return undefined;
  return new AccessMissingError(access.option, access.say(needs.map((n) => access.words[n]).join(' and ')), needs);
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

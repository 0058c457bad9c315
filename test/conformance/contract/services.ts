// The two services' contracts: their descriptions plus what each asks of every call outside its
// operations (the platform: a Bearer key and JSON, platform-api.md section 4; GitHub: a token, a
// User-Agent, the pinned API version and its media type, docs "Getting started with the REST API").

import { type Exchange, USER_AGENT_REQUIRED } from '@keyturn/emulator';
import { Contract, type ServiceRules } from './contract.js';
import { githubDescription, platformDescription } from './descriptions.js';
import { pointer } from './schemas.js';

/** The GitHub API version keyturn is written for, which every GitHub request must name. */
export const GITHUB_API_VERSION = '2022-11-28';

function jsonBodyProblems(headers: Record<string, string>, hasBody: boolean): string[] {
  return hasBody && !/^application\/json\b/.test(headers['content-type'] ?? '')
    ? [`content-type ${headers['content-type'] ?? '(none)'} with a JSON body`]
    : [];
}

const platformRules = (): ServiceRules => ({
  service: 'platform',
  document: platformDescription(),
  requestHeaderProblems: (headers, hasBody) => [
    ...(/^Bearer \S+$/.test(headers.authorization ?? '') ? [] : ['no Authorization: Bearer <key> (BearerAuth)']),
    ...(/\bapplication\/json\b/.test(headers.accept ?? '') ? [] : [`accept ${headers.accept ?? '(none)'}: clients send application/json`]),
    ...jsonBodyProblems(headers, hasBody),
  ],
  errorSchema: pointer('components', 'schemas', 'GeneralError'),
});

const githubRules = (): ServiceRules => ({
  service: 'github',
  document: githubDescription(),
  requestHeaderProblems: (headers, hasBody) => [
    ...(/^(token|bearer) \S+$/i.test(headers.authorization ?? '') ? [] : ['no Authorization: Bearer <token>']),
    ...((headers['user-agent'] ?? '').trim() ? [] : ['no User-Agent (GitHub answers 403)']),
    ...(headers['x-github-api-version'] === GITHUB_API_VERSION
      ? []
      : [`x-github-api-version ${headers['x-github-api-version'] ?? '(none)'}, not ${GITHUB_API_VERSION}`]),
    ...(headers.accept === 'application/vnd.github+json' ? [] : [`accept ${headers.accept ?? '(none)'}, not application/vnd.github+json`]),
    ...jsonBodyProblems(headers, hasBody),
  ],
  // GitHub answers errors an operation does not list in one shape.
  errorSchema: pointer('components', 'schemas', 'basic-error'),
  // The 403 for a missing User-Agent comes from GitHub's edge, as a plain page, not from an operation.
  edgeAnswerProblems: (exchange: Exchange) => {
    if (exchange.status !== 403 || !String(exchange.responseHeaders['content-type']).startsWith('text/html')) return undefined;
    const problems: string[] = [];
    if ((exchange.requestHeaders['user-agent'] ?? '').trim()) problems.push('the edge refused a request that had a User-Agent');
    if (exchange.responseBody !== USER_AGENT_REQUIRED) problems.push('not the page GitHub answers without a User-Agent');
    return problems;
  },
});

let contracts: { platform: Contract; github: Contract } | undefined;

/** Both contracts, built once (GitHub's description is 13 MB). */
export function serviceContracts(): { platform: Contract; github: Contract } {
  contracts ??= { platform: new Contract(platformRules()), github: new Contract(githubRules()) };
  return contracts;
}

// What GitHub refuses before it looks at the token or the path: a request without a User-Agent
// (403, a plain page from its edge) and an X-GitHub-Api-Version it does not serve (400).
// https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#user-agent
// https://docs.github.com/rest/about-the-rest-api/api-versions

import { type EmulatorRequest, HttpError } from '../core/http-server.js';
import { GitHubError, REST_DOCS } from './github-error.js';

/** Versions GitHub serves, most recent first; a request without the header gets the oldest. */
export const SUPPORTED_API_VERSIONS = ['2026-03-10', '2022-11-28'] as const;
export const DEFAULT_API_VERSION = '2022-11-28';

export const USER_AGENT_REQUIRED =
  'Request forbidden by administrative rules. Please make sure your request has a User-Agent header ' +
  '(https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). ' +
  'Check https://developer.github.com for other possible causes.';

/** Throws what GitHub answers to a request its edge or its version check refuses. */
export function checkRequestHeaders(req: EmulatorRequest): void {
  const agent = req.headers['user-agent'];
  if (agent === undefined || agent.trim() === '') {
    throw new HttpError(403, 'no User-Agent', {
      status: 403,
      text: USER_AGENT_REQUIRED,
      headers: { 'content-type': 'text/html' },
    });
  }
  const version = req.headers['x-github-api-version'];
  if (version !== undefined && !(SUPPORTED_API_VERSIONS as readonly string[]).includes(String(version))) {
    const listed = SUPPORTED_API_VERSIONS.map((v, i) => (i === 0 ? `"${v}" (most recent)` : `"${v}"`)).join(', ');
    throw new GitHubError(
      400,
      `The version you specified in the "X-GitHub-API-Version" request header, "${String(version)}", is not a supported ` +
        `version. The following versions are currently supported: ${listed}.`,
      REST_DOCS,
    );
  }
}

/** The version a request is answered in (`x-github-api-version-selected`). */
export function selectedApiVersion(req: EmulatorRequest): string {
  const version = req.headers['x-github-api-version'];
  return typeof version === 'string' && version !== '' ? version : DEFAULT_API_VERSION;
}

// GitHub's error shape: `{ message, documentation_url, status }` (status as a string, as GitHub
// sends it). https://docs.github.com/rest/using-the-rest-api/troubleshooting-the-rest-api

import { randomBytes } from 'node:crypto';
import { type EmulatorReply, HttpError } from '../core/http-server.js';

export const REST_DOCS = 'https://docs.github.com/rest';

/** Thrown by GitHub route handlers; carries the docs page GitHub would link and extra headers. */
export class GitHubError extends HttpError {
  constructor(
    status: number,
    message: string,
    readonly documentationUrl: string = REST_DOCS,
    readonly headers: Record<string, string> = {},
  ) {
    super(status, message);
  }
}

export function githubErrorReply(status: number, message: string, documentationUrl = REST_DOCS): EmulatorReply {
  return { status, body: { message, documentation_url: documentationUrl, status: String(status) } };
}

export function notFound(documentationUrl: string): GitHubError {
  return new GitHubError(404, 'Not Found', documentationUrl);
}

/** 422 with GitHub's "Invalid request." prefix for a body that does not fit the endpoint's schema. */
export function invalidRequest(detail: string, documentationUrl: string): GitHubError {
  return new GitHubError(422, `Invalid request.\n\n${detail}`, documentationUrl);
}

/** The `x-github-request-id` form: five hex groups, `CE0C:2B5E:1A2B3C:1B2C3D:65A1B2C3`. */
export function newRequestId(): string {
  const hex = randomBytes(14).toString('hex').toUpperCase();
  return [hex.slice(0, 4), hex.slice(4, 8), hex.slice(8, 14), hex.slice(14, 20), hex.slice(20, 28)].join(':');
}

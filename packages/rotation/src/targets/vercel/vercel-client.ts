// A small client of Vercel's REST API (https://vercel.com/docs/rest-api) on the shared REST client
// (rest-client/): a bearer token, and rate limits (429) waited out until `X-RateLimit-Reset` (a Unix
// time, read against Vercel's own `Date`). https://api.vercel.com by default; `apiUrl` points it
// elsewhere (an emulator).

import { OptionError } from '@keyturn/api';
import { RATE_LIMIT_RULES, type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import { checkRestAccess } from '../../rest-client/rest-access.js';
import type { Refusal, RestAccess, RestClientSettings, RestRequest } from '../../rest-client/rest-client.js';
import { RestRequestError, restRequests } from '../../rest-client/rest-client.js';

/** Vercel's REST API: the `apiUrl` when none is given. */
export const DEFAULT_VERCEL_API_URL = 'https://api.vercel.com';

/**
 * How to reach Vercel, the rotateKey option `vercel`: an access token whose scope includes the
 * projects' team (or the personal account), and the API root, default https://api.vercel.com.
 */
export interface VercelAccess extends RestAccess {
  /** How long a redeploy may take to be READY, default 20 minutes. */
  deployTimeoutMs?: number;
  /** Between two reads of a building deployment, default 5 s. */
  deployPollMs?: number;
}

/** A request Vercel refused or that got no answer. Its message never holds the token or a value. */
export class VercelRequestError extends RestRequestError {
  override name = 'VercelRequestError';
}

/** A Vercel REST API client (from `createVercelClient`). */
export interface VercelClient {
  readonly apiUrl: string;
  /** How long a redeploy may take, and how often it is read meanwhile. */
  readonly deploy: { timeoutMs: number; pollMs: number };
  readonly runtime: Runtime;
  request<T>(method: string, path: string, options?: RestRequest): Promise<T>;
}

/** The checks of `createVercelClient`, building nothing: an OptionError naming the option. */
export function checkVercelAccess(access: VercelAccess): void {
  const token = 'a Vercel access token whose scope includes the team of the projects';
  checkRestAccess(access, { service: 'Vercel', token, api: "Vercel's API", example: DEFAULT_VERCEL_API_URL });
  for (const name of ['deployTimeoutMs', 'deployPollMs'] as const) {
    const value = access[name];
    if (value === undefined || (Number.isFinite(value) && value > 0)) continue;
    throw new OptionError(`vercel.${name}`, `vercel.${name} must be a positive number of milliseconds`);
  }
}

/** Vercel's refusal: `{ error: { code, message, invalidToken? } }` (https://vercel.com/docs/rest-api/errors). */
function refusalOf(data: unknown): Refusal {
  const { message, invalidToken } = (data as { error?: { message?: unknown; invalidToken?: unknown } } | undefined)?.error ?? {};
  return { reason: typeof message === 'string' ? message : '', invalidToken: invalidToken === true };
}

/** A Vercel client for the rotation's Vercel targets. Throws an OptionError before any request. */
export function createVercelClient(access: VercelAccess, settings: RestClientSettings = {}): VercelClient {
  checkVercelAccess(access);
  const apiUrl = (access.apiUrl ?? DEFAULT_VERCEL_API_URL).replace(/\/+$/, '');
  const runtime = settings.runtime ?? systemRuntime;
  const send = restRequests(
    {
      name: 'Vercel',
      apiUrl,
      credential: { authorization: `Bearer ${access.token}` },
      rateLimits: RATE_LIMIT_RULES.vercel,
      waitWords: 'until it resets',
      refusalOf,
      Error: VercelRequestError,
    },
    access,
    { runtime, log: settings.log },
  );
  const request = async <T>(method: string, path: string, options?: RestRequest) => (await send(method, path, options)).data as T;
  return { apiUrl, deploy: { timeoutMs: access.deployTimeoutMs ?? 20 * 60_000, pollMs: access.deployPollMs ?? 5_000 }, runtime, request };
}

// The entry point: createClient checks the options, then hands one transport (which alone holds
// the key) to each resource, as openai-node's client does. Resources mirror the URL tree.
import type { ClientOptions } from './options.js';
import { resolveClientOptions } from './internal/settings.js';
import { Transport } from './internal/transport.js';
import { ApiKeys } from './resources/api-keys.js';
import { Auth } from './resources/auth.js';
import { Operations } from './resources/operations/operations.js';
import { Organizations } from './resources/organizations.js';
import { Projects } from './resources/projects.js';
import { type HttpMethod, type RawRequestOptions, rawRequest } from './resources/raw-request.js';

/** A client of the platform API v2. Make one with `createClient`. */
export interface PlatformClient {
  /** The API root requests go to, e.g. `https://console.neon.tech/api/v2`. */
  readonly baseUrl: string;
  /** `/api_keys`: create, list and revoke the account's API keys. */
  readonly apiKeys: ApiKeys;
  /** `/organizations/{org_id}/api_keys`: create, list and revoke an organization's keys, organization-wide and project-scoped. */
  readonly organizations: Organizations;
  /** `/auth`: which account the client's key belongs to, and its kind (getAuthDetails). */
  readonly auth: Auth;
  /** `/projects`: list the account's projects. */
  readonly projects: Projects;
  /** `/projects/{id}/operations`: list, get and wait for a project's operations. */
  readonly operations: Operations;
  /**
   * A client with these options over this one's: e.g. another key (to verify or revoke with a new
   * key), a signal that aborts everything the new client does, or another runtime. A given option
   * replaces this client's (a new `signal` is not linked with the old one).
   */
  withOptions(options: Partial<ClientOptions>): PlatformClient;
  /** Shorthand of `withOptions({ apiKey })`. */
  withApiKey(apiKey: string): PlatformClient;
  /**
   * Sends a request to an endpoint the typed resources do not cover, with the same key handling,
   * retries, errors and redaction, and resolves to the parsed JSON answer (undefined when empty).
   * `path` is relative to the API root; `T` is what you expect, not checked.
   *
   * @example
   * const { uri } = await client.request<{ uri: string }>('GET', `/projects/${id}/connection_uri`, {
   *   query: { branch_id, database_name: 'neondb', role_name: 'neondb_owner' },
   * });
   */
  request<T = unknown>(method: HttpMethod, path: string, options?: RawRequestOptions): Promise<T>;
}

/**
 * A client of the platform API. Throws OptionError (naming the option) on a mistake in `options`,
 * before any request.
 *
 * @example const client = createClient({ apiKey: process.env.NEON_API_KEY! });
 */
export function createClient(options: ClientOptions): PlatformClient {
  return new Client(options, 'createClient');
}

/**
 * Checks `options` as `createClient` would, building nothing and sending nothing: throws the
 * OptionError `createClient` would throw (a caller validating its own options up front uses it).
 */
export function checkClientOptions(options: ClientOptions): void {
  resolveClientOptions(options, 'createClient');
}

class Client implements PlatformClient {
  readonly #options: ClientOptions;
  readonly #transport: Transport;
  readonly apiKeys: ApiKeys;
  readonly organizations: Organizations;
  readonly auth: Auth;
  readonly projects: Projects;
  readonly operations: Operations;

  constructor(options: ClientOptions, context: string) {
    this.#transport = new Transport(resolveClientOptions(options, context));
    this.#options = { ...options };
    this.apiKeys = new ApiKeys(this.#transport);
    this.organizations = new Organizations(this.#transport);
    this.auth = new Auth(this.#transport);
    this.projects = new Projects(this.#transport);
    this.operations = new Operations(this.#transport);
  }

  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  withOptions(options: Partial<ClientOptions>): PlatformClient {
    return new Client({ ...this.#options, ...options }, 'withOptions');
  }

  withApiKey(apiKey: string): PlatformClient {
    return new Client({ ...this.#options, apiKey }, 'withApiKey');
  }

  async request<T = unknown>(method: HttpMethod, path: string, options?: RawRequestOptions): Promise<T> {
    return rawRequest<T>(this.#transport, method, path, options);
  }
}

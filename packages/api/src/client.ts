// The entry point: createClient checks the options, then hands one transport (which alone holds
// the key) to each resource, as openai-node's client does. Resources mirror the URL tree.
import { type Runtime, systemRuntime } from './internal/runtime.js';
import { Transport } from './internal/transport.js';
import { checkApiKey, type ClientOptions, resolveClientOptions } from './options.js';
import { ApiKeys } from './resources/api-keys.js';
import { Operations } from './resources/operations.js';
import { Projects } from './resources/projects.js';

export interface PlatformClient {
  /** The API root requests go to, e.g. `https://console.neon.tech/api/v2`. */
  readonly baseUrl: string;
  readonly apiKeys: ApiKeys;
  readonly projects: Projects;
  readonly operations: Operations;
  /** A client with the same options and another key (e.g. to verify or revoke with a new key). */
  withApiKey(apiKey: string): PlatformClient;
}

export function createClient(options: ClientOptions): PlatformClient {
  return createClientWithRuntime(options, systemRuntime);
}

/** Internal: createClient with an injected clock, random and sleep, for tests. */
export function createClientWithRuntime(options: ClientOptions, runtime: Runtime): PlatformClient {
  return new Client(new Transport(resolveClientOptions(options), runtime));
}

class Client implements PlatformClient {
  readonly #transport: Transport;
  readonly apiKeys: ApiKeys;
  readonly projects: Projects;
  readonly operations: Operations;

  constructor(transport: Transport) {
    this.#transport = transport;
    this.apiKeys = new ApiKeys(transport);
    this.projects = new Projects(transport);
    this.operations = new Operations(transport);
  }

  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  withApiKey(apiKey: string): PlatformClient {
    return new Client(this.#transport.withApiKey(checkApiKey(apiKey, 'withApiKey')));
  }
}

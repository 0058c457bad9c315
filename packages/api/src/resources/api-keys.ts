// API keys: create, list, revoke (platform-api.md §4.1).
import { apiPath } from '../internal/origin.js';
import type { Transport } from '../internal/transport.js';
import type { PagePromise } from '../pagination.js';
import type { ApiKey, CreateApiKeyParams, CreatedApiKey, RevokedApiKey } from '../types.js';
import { checkKeyId, checkKeyParams, listKeys, parseCreatedKey, revokeKey } from './api-key-wire.js';
import { type RequestOptions, toCallOptions } from './request-options.js';

/** `/api_keys`: the account's API keys. */
export class ApiKeys {
  readonly #transport: Transport;

  /** @internal The client makes it. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Creates a key; the response is the only time its value is shown. Not retried after a
   * connection error, timeout or 5xx other than 503: it may have taken effect, so list the keys
   * to find out instead of repeating it.
   */
  async create(params: CreateApiKeyParams, options?: RequestOptions): Promise<CreatedApiKey> {
    const context = 'apiKeys.create';
    return this.#transport.request(
      {
        method: 'POST',
        path: '/api_keys',
        body: checkKeyParams(params, context),
        parse: parseCreatedKey<CreatedApiKey>,
      },
      toCallOptions(options, context),
    );
  }

  /**
   * The account's live keys, as every `list`: await it for the page (`data`), or `for await` over
   * it, or `toArray()`. The endpoint is not paginated (a JSON array), so there is one page.
   */
  list(options?: RequestOptions): PagePromise<ApiKey> {
    return listKeys<ApiKey>(this.#transport, () => '/api_keys', options, 'apiKeys.list');
  }

  /** Revokes a key, at once and for good. A key that is missing or already revoked: NotFoundError. */
  async revoke(keyId: number, options?: RequestOptions): Promise<RevokedApiKey> {
    const context = 'apiKeys.revoke';
    return revokeKey<RevokedApiKey>(this.#transport, apiPath`/api_keys/${checkKeyId(keyId, context)}`, options, context);
  }
}

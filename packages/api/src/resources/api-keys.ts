// API keys: create, list, revoke (platform-api.md §4.1).
import { OptionError } from '../errors.js';
import { apiPath } from '../internal/origin.js';
import { expectArray, expectFields } from '../internal/shape.js';
import type { Transport } from '../internal/transport.js';
import { isPlainObject, requireNumber } from '../internal/validate.js';
import { PagePromise, wholeListReader } from '../pagination.js';
import type { ApiKey, CreatedApiKey, RevokedApiKey } from '../types.js';
import { type RequestOptions, toCallOptions } from './request-options.js';

/** What `apiKeys.create` takes. */
export interface CreateApiKeyParams {
  /** 1 to 64 characters (DESIGN.md). */
  key_name: string;
}

const MAX_KEY_NAME = 64;
const KEY_FIELDS = { id: 'number', name: 'string' } as const;

/** `/api_keys`: the account's API keys (platform-api.md §4.1). */
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
    if (!isPlainObject(params)) throw new OptionError('params', `${context}: params must be an object such as { key_name: 'ci-2025' }`);
    const name = params.key_name;
    const length = typeof name === 'string' ? [...name].length : 0;
    if (typeof name !== 'string' || length === 0 || length > MAX_KEY_NAME) {
      throw new OptionError('key_name', `${context}: key_name must be a string of 1 to ${MAX_KEY_NAME} characters (got ${length})`);
    }
    return this.#transport.request(
      {
        method: 'POST',
        path: '/api_keys',
        body: params,
        parse: (data) => expectFields<CreatedApiKey>(data, 'the body', { id: 'number', key: 'string' }),
      },
      toCallOptions(options, context),
    );
  }

  /**
   * The account's live keys, as every `list`: await it for the page (`data`), or `for await` over
   * it, or `toArray()`. The endpoint is not paginated (a JSON array), so there is one page.
   */
  list(options?: RequestOptions): PagePromise<ApiKey> {
    const read = () =>
      this.#transport.request(
        {
          method: 'GET',
          path: '/api_keys',
          parse: (data) => expectArray(data, 'the body').map((k, i) => expectFields<ApiKey>(k, `the body[${i}]`, KEY_FIELDS)),
        },
        toCallOptions(options, 'apiKeys.list'),
      );
    return new PagePromise(wholeListReader(read), (key) => String(key.id));
  }

  /** Revokes a key, at once and for good. A key that is missing or already revoked: NotFoundError. */
  async revoke(keyId: number, options?: RequestOptions): Promise<RevokedApiKey> {
    const context = 'apiKeys.revoke';
    const id = requireNumber(keyId, 'keyId', context, { integer: true, min: 1, max: Number.MAX_SAFE_INTEGER });
    return this.#transport.request(
      {
        method: 'DELETE',
        path: apiPath`/api_keys/${id}`,
        parse: (data) => expectFields<RevokedApiKey>(data, 'the body', KEY_FIELDS),
      },
      toCallOptions(options, context),
    );
  }
}

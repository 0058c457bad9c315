// `/auth`: who the request's credential is (the published description's getAuthDetails, in
// @neondatabase/api-client's public-v2-for-users.gen.yaml: AuthDetailsResponse). The rotation asks
// it of a new key before any target gets it: the same account, the expected kind.
import type { Transport } from '../internal/transport.js';
import { expectFields } from '../internal/shape.js';
import type { AuthDetails } from '../types.js';
import { type RequestOptions, toCallOptions } from './request-options.js';

/** `/auth`: the details of the credential the client holds. */
export class Auth {
  readonly #transport: Transport;

  /** @internal The client makes it. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * The account the client's key belongs to (`account_id`) and how it authenticated
   * (`auth_method`: `api_key_user` for a personal key, `api_key_org` for an organization's key,
   * project-scoped ones included). Both are required by the published description; `auth_data`
   * and any field it adds later are kept as sent.
   */
  async getDetails(options?: RequestOptions): Promise<AuthDetails> {
    return this.#transport.request(
      {
        method: 'GET',
        path: '/auth',
        parse: (data) => expectFields<AuthDetails>(data, 'the body', { account_id: 'string', auth_method: 'string' }),
      },
      toCallOptions(options, 'auth.getDetails'),
    );
  }
}

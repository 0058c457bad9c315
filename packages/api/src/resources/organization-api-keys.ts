// An organization's API keys: organization-wide and project-scoped (platform-api.md §4.1's rules,
// on /organizations/{org_id}/api_keys). Same checks, retries and errors as the personal keys.
import { apiPath } from '../internal/origin.js';
import type { Transport } from '../internal/transport.js';
import { rejectUnknownKeys } from '../internal/validate.js';
import type { PagePromise } from '../pagination.js';
import type { CreatedOrganizationApiKey, CreateOrganizationApiKeyParams, OrganizationApiKey, RevokedOrganizationApiKey } from '../types.js';
import { checkKeyId, checkKeyParams, listKeys, parseCreatedKey, revokeKey } from './api-key-wire.js';
import { checkId, type RequestOptions, toCallOptions } from './request-options.js';

/** `/organizations/{org_id}/api_keys`: an organization's keys, both kinds. */
export class OrganizationApiKeys {
  readonly #transport: Transport;

  /** @internal The client makes it. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Creates an organization key, or with `project_id` a project-scoped key; the response is the
   * only time its value is shown. An organization key needs an admin's personal key (or an
   * organization key); a project-scoped key, any member's. Retried as `apiKeys.create`: not after a
   * connection error, timeout or 5xx other than 503, since it may have taken effect (list to find out).
   * Unknown fields in `params` are refused: a misspelled `project_id` would make an organization-wide key.
   */
  async create(orgId: string, params: CreateOrganizationApiKeyParams, options?: RequestOptions): Promise<CreatedOrganizationApiKey> {
    const context = 'organizations.apiKeys.create';
    const org = checkId(orgId, 'orgId', context);
    const checked = checkKeyParams(params, context);
    rejectUnknownKeys(checked, ['key_name', 'project_id'], context);
    const { key_name, project_id } = checked;
    const project = project_id === undefined ? undefined : checkId(project_id, 'project_id', context);
    return this.#transport.request(
      {
        method: 'POST',
        path: apiPath`/organizations/${org}/api_keys`,
        body: project === undefined ? { key_name } : { key_name, project_id: project },
        parse: parseCreatedKey<CreatedOrganizationApiKey>,
      },
      toCallOptions(options, context),
    );
  }

  /**
   * The organization's live keys, both kinds (`project_id` on project-scoped ones), as every
   * `list`: await it for the page, `for await` over it, or `toArray()`. Not paginated: one page.
   * Argument mistakes reject.
   */
  list(orgId: string, options?: RequestOptions): PagePromise<OrganizationApiKey> {
    const context = 'organizations.apiKeys.list';
    const path = () => apiPath`/organizations/${checkId(orgId, 'orgId', context)}/api_keys`;
    return listKeys<OrganizationApiKey>(this.#transport, path, options, context);
  }

  /**
   * Revokes a key of the organization, at once and for good. A key that is missing, already
   * revoked or not the organization's: NotFoundError (after a retry whose first answer was lost,
   * its message says an earlier attempt may have revoked it: whether that is success is yours to decide).
   */
  async revoke(orgId: string, keyId: number, options?: RequestOptions): Promise<RevokedOrganizationApiKey> {
    const context = 'organizations.apiKeys.revoke';
    const org = checkId(orgId, 'orgId', context);
    const id = checkKeyId(keyId, context);
    return revokeKey<RevokedOrganizationApiKey>(this.#transport, apiPath`/organizations/${org}/api_keys/${id}`, options, context);
  }
}

// `/organizations/{org_id}/...`: what the client reaches under an organization, as sub-resources
// (the URL tree, as openai-node nests its resources).
import type { Transport } from '../internal/transport.js';
import { OrganizationApiKeys } from './organization-api-keys.js';

/** `/organizations/{org_id}`: an organization's resources. */
export class Organizations {
  /** `/organizations/{org_id}/api_keys`: create, list and revoke organization and project-scoped keys. */
  readonly apiKeys: OrganizationApiKeys;

  /** @internal The client makes it. */
  constructor(transport: Transport) {
    this.apiKeys = new OrganizationApiKeys(transport);
  }
}

// Wire types of the platform API v2, mirroring the JSON exactly (snake_case), as Octokit does.
// Required and optional exactly as the published description has them (`public-v2-for-users.gen.yaml`
// of @neondatabase/api-client; test/contract checks both ways at compile time); open to extra fields.

/** Open string sets: known values autocomplete, unknown ones still type-check. */
type Open<T extends string> = T | (string & {});

/** Response of POST /api_keys. `key` is the secret value, returned only here. */
export interface CreatedApiKey {
  id: number;
  key: string;
  name: string;
  created_at: string;
  /** The id of the user who made the key. */
  created_by: string;
  [extra: string]: unknown;
}

/** Who made a key, as the key list shows it. */
export interface ApiKeyCreator {
  id: string;
  name: string;
  image: string;
  [extra: string]: unknown;
}

/** An item of GET /api_keys. */
export interface ApiKey {
  id: number;
  name: string;
  created_at: string;
  created_by: ApiKeyCreator;
  /** Absent or null for a key that was never used: test with `== null`, never `=== null`. */
  last_used_at?: string | null;
  last_used_from_addr: string;
  [extra: string]: unknown;
}

/** Response of DELETE /api_keys/{key_id}. */
export interface RevokedApiKey {
  id: number;
  name: string;
  created_at: string;
  /** The id of the user who made the key. */
  created_by: string;
  revoked: boolean;
  /** Absent or null for a key that was never used. */
  last_used_at?: string | null;
  last_used_from_addr: string;
  [extra: string]: unknown;
}

/** The body of POST /api_keys: what `apiKeys.create` takes. */
export interface CreateApiKeyParams {
  /** 1 to 64 characters. */
  key_name: string;
}

/**
 * The body of POST /organizations/{org_id}/api_keys: what `organizations.apiKeys.create` takes.
 * Without `project_id` the key is the organization's (admin access to every project of it); with
 * it, a project-scoped key (member access to that one project, no key management).
 */
export interface CreateOrganizationApiKeyParams {
  /** 1 to 64 characters. */
  key_name: string;
  /** The project the key is limited to: a project of the organization. */
  project_id?: string;
}

/** Response of POST /organizations/{org_id}/api_keys. `key` is the secret value, returned only here. */
export interface CreatedOrganizationApiKey extends CreatedApiKey {
  /** The one project the key can reach; absent on an organization-wide key. */
  project_id?: string;
}

/** An item of GET /organizations/{org_id}/api_keys: organization-wide and project-scoped keys alike. */
export interface OrganizationApiKey extends ApiKey {
  /** The one project the key can reach; absent on an organization-wide key. */
  project_id?: string;
}

/** Response of DELETE /organizations/{org_id}/api_keys/{key_id}. */
export interface RevokedOrganizationApiKey extends RevokedApiKey {
  /** The one project the key could reach; absent on an organization-wide key. */
  project_id?: string;
}

/** An item of GET /projects (ProjectListItem): the fields the description requires; the rest is open. */
export interface Project {
  id: string;
  name: string;
  platform_id: string;
  region_id: string;
  provisioner: string;
  pg_version: number;
  /** Deprecated by the platform; still sent. */
  cpu_used_sec: number;
  active_time: number;
  branch_logical_size_limit: number;
  branch_logical_size_limit_bytes: number;
  store_passwords: boolean;
  creation_source: string;
  owner_id: string;
  proxy_host: string;
  created_at: string;
  updated_at: string;
  [extra: string]: unknown;
}

/**
 * How a request authenticated (getAuthDetails, AuthDetailsResponse in the published description);
 * an open set: the description lists these five, and a later one must not break a reader.
 */
export type AuthMethod = Open<'api_key_user' | 'api_key_org' | 'keycloak' | 'session_cookie' | 'oauth'>;

/** `GET /auth`: the account and method of the request's credential. */
export interface AuthDetails {
  /** The user (personal key) or organization (organization or project-scoped key) the key belongs to. */
  account_id: string;
  auth_method: AuthMethod;
  auth_data?: string;
  [extra: string]: unknown;
}

/** An operation's status; an open set: a status not listed here counts as pending. */
export type OperationStatus = Open<'scheduling' | 'running' | 'finished' | 'failed' | 'error' | 'cancelling' | 'cancelled' | 'skipped'>;

/** What an operation does; an open set. */
export type OperationAction = Open<
  | 'apply_config'
  | 'apply_storage_config'
  | 'check_availability'
  | 'create_timeline'
  | 'create_branch'
  | 'delete_tenant'
  | 'start_compute'
  | 'suspend_compute'
  | 'tenant_attach'
  | 'tenant_detach'
  | 'tenant_reattach'
>;

/** A control-plane operation of a project (the published description's `Operation`). */
export interface Operation {
  id: string;
  project_id: string;
  branch_id?: string;
  endpoint_id?: string;
  action: OperationAction;
  status: OperationStatus;
  failures_count: number;
  created_at: string;
  updated_at: string;
  /** Sent on every operation: how long it took once final, how long so far while pending. */
  total_duration_ms: number;
  error?: string;
  retry_at?: string;
  [extra: string]: unknown;
}

/** The `pagination` object of a list body. */
export interface Pagination {
  /** Opaque: passed back as-is to fetch the next, older page. */
  cursor: string;
}

/** The body of `GET /projects/{project_id}/operations`: one page. */
export interface OperationsPage {
  operations: Operation[];
  pagination?: Pagination;
}

/** Error body of the platform: `{ code, message, request_id? }`. */
export interface ErrorBody {
  code?: string;
  message?: string;
  request_id?: string;
}

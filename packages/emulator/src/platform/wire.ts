// The platform's objects as they go on the wire, in the shapes of the published API description
// (`public-v2-for-users.gen.yaml` of @neondatabase/api-client): which fields it requires decides
// what the sparse shape keeps. The stores hold the facts; this file only says how they are sent.

import { type ResponseShape, shaped } from '../core/response-shape.js';
import type { PlatformBranch, PlatformEndpoint } from './projects.js';
import type { CreatedKey, KeySummary, PlatformOperation, PlatformOrganization, PlatformProject, PlatformUser } from './types.js';

type AccountUser = PlatformUser;

/**
 * `project_id` of an organization's key (OrgApiKey*): optional in the description, sent whenever the
 * key is project-scoped, in both shapes, since its absence says "reaches the whole organization".
 */
function projectField(key: { project_id?: string }): { project_id?: string } {
  return key.project_id === undefined ? {} : { project_id: key.project_id };
}

/** ApiKeyCreateResponse (OrgApiKeyCreateResponse with `project_id`): `created_by` is the maker's id. */
export function createdKeyOnWire(shape: ResponseShape, key: CreatedKey, user: AccountUser) {
  return shaped(
    shape,
    { id: key.id, key: key.key, name: key.name, created_at: key.created_at, created_by: user.id, ...projectField(key) },
    { optional: [] },
  );
}

/**
 * ApiKeysListResponseItem. `last_used_at` is optional and nullable: a never-used key has null (full)
 * or no field (sparse); a used one keeps it in both, since its absence would say "never used".
 * `last_used_from_addr` is a required string: empty for a key never used.
 */
export function listedKeyOnWire(shape: ResponseShape, key: KeySummary, user: AccountUser) {
  return shaped(
    shape,
    {
      id: key.id,
      name: key.name,
      created_at: key.created_at,
      created_by: shaped(shape, { ...user }, { optional: [] }),
      last_used_at: key.last_used_at,
      last_used_from_addr: key.last_used_from_addr ?? '',
      ...projectField(key),
    },
    { optional: ['last_used_at'], keepWhenSet: ['last_used_at'] },
  );
}

/** ApiKeyRevokeResponse (OrgApiKeyRevokeResponse with `project_id`). */
export function revokedKeyOnWire(shape: ResponseShape, key: KeySummary, user: AccountUser) {
  return shaped(
    shape,
    {
      id: key.id,
      name: key.name,
      created_at: key.created_at,
      created_by: user.id,
      last_used_at: key.last_used_at,
      last_used_from_addr: key.last_used_from_addr ?? '',
      revoked: true,
      ...projectField(key),
    },
    { optional: ['last_used_at'], keepWhenSet: ['last_used_at'] },
  );
}

/** Organization: the emulator's organizations are all on one plan, managed in the console. */
export function organizationOnWire(shape: ResponseShape, org: PlatformOrganization) {
  return shaped(
    shape,
    { ...org, handle: org.id, plan: 'scale', managed_by: 'console', allow_hipaa_projects: false, require_mfa: false },
    { optional: ['allow_hipaa_projects', 'require_mfa'] },
  );
}

/** CurrentUserInfoResponse of a console user: limits of a paid plan, no linked sign-in accounts. */
export function currentUserOnWire(shape: ResponseShape, user: PlatformUser) {
  const login = user.id.slice(0, 8);
  return shaped(
    shape,
    {
      active_seconds_limit: 0,
      id: user.id,
      email: `${login}@users.emulator.test`,
      login,
      name: user.name,
      last_name: '',
      image: user.image,
      projects_limit: 1000,
      branches_limit: 5000,
      max_autoscaling_limit: 16,
      compute_seconds_limit: 0,
      auth_accounts: [] as never[],
      plan: 'scale',
    },
    { optional: ['compute_seconds_limit'] },
  );
}

/**
 * ProjectListItem. `locked` is the emulator's own setting (423 on branch creation), not a wire field.
 * `org_id` is optional in the description and stays in both shapes: its absence says "personal".
 * `effective_project_permission` is never sent: the description omits it "for personal projects,
 * flag-off organizations, and non-user subjects", which is all the emulator has (typed a string,
 * a null there breaks clients).
 */
export function projectOnWire(shape: ResponseShape, project: PlatformProject, user: AccountUser) {
  const { locked: _locked, ...fields } = project;
  return shaped(
    shape,
    { ...fields, owner_id: user.id, history_retention_seconds: 86_400 },
    { optional: ['history_retention_seconds', 'org_id'], keepWhenSet: ['org_id'] },
  );
}

/**
 * Project (GET /projects/{project_id}): the listed fields but `active_time`, which the detailed
 * project names `active_time_seconds`, and its consumption of the current period (none yet).
 */
export function projectDetailOnWire(shape: ResponseShape, project: PlatformProject, user: AccountUser) {
  const { locked: _locked, active_time, ...fields } = project;
  return shaped(
    shape,
    {
      ...fields,
      owner_id: user.id,
      history_retention_seconds: 86_400,
      consumption_period_start: project.created_at,
      consumption_period_end: '9999-12-31T23:59:59Z',
      active_time_seconds: active_time,
      compute_time_seconds: project.cpu_used_sec,
      written_data_bytes: 0,
      data_transfer_bytes: 0,
      data_storage_bytes_hour: 0,
    },
    { optional: ['org_id'], keepWhenSet: ['org_id'] },
  );
}

/** Operation: `total_duration_ms` is required, pending ones included; branch and compute are optional. */
export function operationOnWire(shape: ResponseShape, operation: PlatformOperation) {
  return shaped(shape, operation, { optional: ['branch_id', 'endpoint_id', 'error', 'retry_at'] });
}

/** The create-branch answer: the branch, its compute, the operations, roles, databases, connection URIs. */
export interface BranchAnswer {
  branch: PlatformBranch;
  endpoints: PlatformEndpoint[];
  operations: PlatformOperation[];
  roles: { branch_id: string; name: string; password?: string; protected?: boolean; created_at: string; updated_at: string }[];
  databases: { id: number; branch_id: string; name: string; owner_name: string; created_at: string; updated_at: string }[];
  connection_uris?: {
    connection_uri: string;
    connection_parameters: { database: string; password: string; role: string; host: string; pooler_host: string };
  }[];
}

export function branchAnswerOnWire(shape: ResponseShape, answer: BranchAnswer) {
  return shaped(
    shape,
    {
      branch: shaped(shape, answer.branch, { optional: ['parent_id', 'pending_state'] }),
      endpoints: answer.endpoints.map((e) =>
        shaped(shape, { ...e, settings: shaped(shape, e.settings, { optional: [] }) }, { optional: ['pending_state'] }),
      ),
      operations: answer.operations.map((o) => operationOnWire(shape, o)),
      roles: answer.roles.map((r) => shaped(shape, r, { optional: ['password', 'protected'] })),
      databases: answer.databases.map((d) => shaped(shape, d, { optional: [] })),
      connection_uris: answer.connection_uris,
    },
    { optional: ['connection_uris'] },
  );
}

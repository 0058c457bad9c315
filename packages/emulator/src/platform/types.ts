// Wire shapes of the emulated platform API, as the README's Behaviour section describes them;
// snake_case exactly as on the wire.

/**
 * A project: the fields of section 2.2 and those the published description requires of a listed
 * project (ProjectListItem). `locked` is the emulator's own setting (branch creation answers 423):
 * the description has no such field, so it is not sent (wire.ts).
 */
export interface PlatformProject {
  id: string;
  name: string;
  platform_id: string;
  region_id: string;
  provisioner: string;
  pg_version: number;
  locked: boolean;
  cpu_used_sec: number;
  active_time: number;
  branch_logical_size_limit: number;
  branch_logical_size_limit_bytes: number;
  store_passwords: boolean;
  creation_source: string;
  proxy_host: string;
  created_at: string;
  updated_at: string;
  /** The organization that owns the project; absent for a personal project (of the account's user). */
  org_id?: string;
}

/**
 * Section 2.3 as the published description has it: `total_duration_ms` required (pending operations
 * count so far), `branch_id` optional, `error` and `retry_at` when there is one.
 */
export interface PlatformOperation {
  id: string;
  project_id: string;
  branch_id?: string;
  endpoint_id?: string;
  action: string;
  status: string;
  failures_count: number;
  error?: string;
  created_at: string;
  updated_at: string;
  total_duration_ms: number;
  retry_at?: string;
}

/** Statuses an operation can end in: success `finished`/`skipped`, failure the rest. */
export type FinalOperationStatus = 'finished' | 'failed' | 'error' | 'cancelled' | 'skipped';

export const FINAL_STATUSES: ReadonlySet<string> = new Set<FinalOperationStatus>(['finished', 'failed', 'error', 'cancelled', 'skipped']);

/** Statuses that are a failure of the operation: they carry an `error`. */
export const FAILED_STATUSES: ReadonlySet<string> = new Set(['failed', 'error', 'cancelled']);

/**
 * Failures that add one to `failures_count` when reached (spec section 7: a failed operation has
 * `failures_count` above 0). A cancelled operation keeps the count it had.
 */
export const COUNTED_FAILURE_STATUSES: ReadonlySet<string> = new Set(['failed', 'error']);

/** How a test or a control call asks for an operation to be started. */
export interface OperationSpec {
  action?: string;
  branch_id?: string;
  endpoint_id?: string;
  /** Time spent in `scheduling`; the emulator's default when omitted. */
  schedulingMs?: number;
  /** Time spent in `running` after that; the emulator's default when omitted. */
  runningMs?: number;
  /** Status reached at the end of the schedule; `finished` by default. */
  final?: FinalOperationStatus;
  /** The `error` text of a failed operation (or, with `failures`, of the last failure before a retry). */
  error?: string;
  /**
   * Failures before the final status: a retrying operation shows `failures_count` this high from the
   * start (0 by default); a final `failed` or `error` adds one.
   */
  failures?: number;
  /** `retry_at` (an ISO 8601 UTC timestamp) shown while the operation is pending. */
  retryAt?: string;
}

/** What setOperationStatus may change besides the status. */
export interface OperationStatusExtra {
  error?: string;
  /** The new failures_count; by default one more when entering `failed` or `error`. Never lower. */
  failures?: number;
  /** `retry_at` (ISO 8601 UTC) of a retrying operation; a later change without it clears it. */
  retryAt?: string;
}

export interface OperationTimings {
  schedulingMs?: number;
  runningMs?: number;
}

/** A key as the console shows it (values are never kept, let alone shown). */
export interface KeySummary {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  last_used_from_addr: string | null;
  revoked: boolean;
  /** The organization of an organization or project-scoped key; absent for a personal key. */
  org_id?: string;
  /** The one project a project-scoped key reaches; absent for the other kinds. */
  project_id?: string;
}

/** A key just made: the only moment its value exists outside the caller's hands. */
export interface CreatedKey {
  id: number;
  key: string;
  name: string;
  created_at: string;
  /** As in KeySummary: set for organization and project-scoped keys. */
  org_id?: string;
  project_id?: string;
}

/** The three kinds of platform API key: a user's, an organization's, and one project's. */
export type KeyKind = 'personal' | 'organization' | 'project';

/** A user's role in an organization: admins create organization keys, members project-scoped ones. */
export type OrganizationRole = 'admin' | 'member';

/** A console user: `created_by` of the keys they make, the holder of personal keys. */
export interface PlatformUser {
  id: string;
  name: string;
  image: string;
}

/** An organization as the platform answers it (the published description's `Organization`). */
export interface PlatformOrganization {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

/** An organization to create at start or by hand; `role` is the account user's role in it (admin). */
export interface OrganizationSeed {
  /** `org-…` (lowercase letters, digits and dashes, at most 60); random when omitted. */
  id?: string;
  name?: string;
  role?: OrganizationRole;
}

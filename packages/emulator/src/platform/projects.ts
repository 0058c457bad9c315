// Projects (spec 2.2) and, for the branch-creation endpoint, their branches and computes, with the
// fields the published description requires of them (Branch, Endpoint, Role, Database).

import { randomBytes } from 'node:crypto';
import { InvalidInputError } from './errors.js';
import { newBranchId, newEndpointId, newProjectId } from './ids.js';
import { isoFromMs } from './timestamps.js';
import type { PlatformProject } from './types.js';

/** A branch as the create-branch endpoint answers it. */
export interface PlatformBranch {
  id: string;
  project_id: string;
  parent_id?: string;
  name: string;
  current_state: string;
  pending_state?: string;
  state_changed_at: string;
  creation_source: string;
  default: boolean;
  protected: boolean;
  cpu_used_sec: number;
  active_time_seconds: number;
  compute_time_seconds: number;
  written_data_bytes: number;
  data_transfer_bytes: number;
  created_at: string;
  updated_at: string;
}

/** A compute (endpoint) started on a new branch. */
export interface PlatformEndpoint {
  id: string;
  project_id: string;
  branch_id: string;
  region_id: string;
  type: 'read_write';
  host: string;
  proxy_host: string;
  current_state: string;
  pending_state?: string;
  autoscaling_limit_min_cu: number;
  autoscaling_limit_max_cu: number;
  pooler_enabled: boolean;
  pooler_mode: 'transaction';
  disabled: boolean;
  passwordless_access: boolean;
  suspend_timeout_seconds: number;
  provisioner: string;
  settings: Record<string, never>;
  creation_source: string;
  created_at: string;
  updated_at: string;
}

/** What a new branch comes with: its owner role (with a fresh password) and its database. */
export interface NewBranch {
  branch: PlatformBranch;
  endpoint: PlatformEndpoint;
  role: { branch_id: string; name: string; password: string; protected: boolean; created_at: string; updated_at: string };
  database: { id: number; branch_id: string; name: string; owner_name: string; created_at: string; updated_at: string };
}

interface ProjectRecord {
  project: PlatformProject;
  defaultBranchId: string;
  defaultEndpointId: string;
  branchNames: Set<string>;
}

export class ProjectStore {
  #projects = new Map<string, ProjectRecord>();
  #databaseIds = 0;

  constructor(private readonly clock: () => number) {}

  /** Makes a project with every spec field; throws a TypeError for a bad or duplicate field. */
  create(fields: Partial<PlatformProject> = {}): PlatformProject {
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      throw new InvalidInputError('project fields must be an object');
    }
    const now = isoFromMs(this.clock());
    const id = fields.id ?? newProjectId();
    const defaults: PlatformProject = {
      id,
      name: id,
      platform_id: 'aws',
      region_id: 'aws-us-east-2',
      provisioner: 'k8s-neonvm',
      pg_version: 17,
      locked: false,
      cpu_used_sec: 0,
      active_time: 0,
      branch_logical_size_limit: 3072,
      branch_logical_size_limit_bytes: 3072 * 1024 * 1024,
      store_passwords: true,
      creation_source: 'console',
      proxy_host: 'us-east-2.aws.neon.tech',
      created_at: now,
      updated_at: now,
    };
    checkFields(fields, defaults);
    if (!PROJECT_ID.test(id)) throw new InvalidInputError('a project id is 1 to 64 letters, digits, dots, dashes or underscores');
    if (this.#projects.has(id)) throw new InvalidInputError(`a project with id ${id} already exists`);
    const project = { ...defaults, ...fields };
    this.#projects.set(id, {
      project,
      defaultBranchId: newBranchId(),
      defaultEndpointId: newEndpointId(),
      branchNames: new Set(['main']),
    });
    return { ...project };
  }

  has(id: string): boolean {
    return this.#projects.has(id);
  }

  project(id: string): PlatformProject | undefined {
    const record = this.#projects.get(id);
    return record && { ...record.project };
  }

  /** The branch and compute operations fall back on when a spec names none. */
  defaults(id: string): { branchId: string; endpointId: string } | undefined {
    const record = this.#projects.get(id);
    return record && { branchId: record.defaultBranchId, endpointId: record.defaultEndpointId };
  }

  list(): PlatformProject[] {
    return [...this.#projects.values()].map((r) => ({ ...r.project }));
  }

  /**
   * Up to `limit` projects, oldest first, after the one whose id is `cursor`; `search` keeps those
   * whose name or id contains it. `next` is the id of the last one returned (the next cursor).
   */
  page(
    limit: number,
    cursor?: string,
    search?: string,
    visible: (project: PlatformProject) => boolean = () => true,
  ): { projects: PlatformProject[]; next?: string } {
    let all = this.list().filter(visible);
    if (search) all = all.filter((p) => p.name.includes(search) || p.id.includes(search));
    let start = 0;
    if (cursor !== undefined) {
      if (!this.#projects.has(cursor)) throw new InvalidInputError('cursor is not a value returned in pagination.cursor');
      const ids = [...this.#projects.keys()];
      const after = ids.indexOf(cursor);
      start = all.findIndex((p) => ids.indexOf(p.id) > after);
      if (start < 0) start = all.length;
    }
    const projects = all.slice(start, start + limit);
    return { projects, next: projects.at(-1)?.id };
  }

  /** Adds a branch off the default one, with a compute, a role and a database; undefined when the name is taken. */
  addBranch(projectId: string, name?: string): NewBranch | undefined {
    const record = this.#projects.get(projectId);
    if (!record) throw new InvalidInputError(`no project ${projectId}`);
    const id = newBranchId();
    const branchName = name ?? id;
    if (record.branchNames.has(branchName)) return undefined;
    record.branchNames.add(branchName);
    const now = isoFromMs(this.clock());
    const endpointId = newEndpointId();
    const branch: PlatformBranch = {
      id,
      project_id: projectId,
      parent_id: record.defaultBranchId,
      name: branchName,
      current_state: 'init',
      pending_state: 'ready',
      state_changed_at: now,
      creation_source: 'console',
      default: false,
      protected: false,
      cpu_used_sec: 0,
      active_time_seconds: 0,
      compute_time_seconds: 0,
      written_data_bytes: 0,
      data_transfer_bytes: 0,
      created_at: now,
      updated_at: now,
    };
    const { proxy_host, region_id, provisioner } = record.project;
    const endpoint: PlatformEndpoint = {
      id: endpointId,
      project_id: projectId,
      branch_id: id,
      region_id,
      type: 'read_write',
      host: `${endpointId}.${proxy_host}`,
      proxy_host,
      current_state: 'init',
      pending_state: 'active',
      autoscaling_limit_min_cu: 0.25,
      autoscaling_limit_max_cu: 2,
      pooler_enabled: false,
      pooler_mode: 'transaction',
      disabled: false,
      passwordless_access: true,
      suspend_timeout_seconds: 0,
      provisioner,
      settings: {},
      creation_source: 'console',
      created_at: now,
      updated_at: now,
    };
    // A password as the platform makes them: the answer carries it, so leak searches must cover it.
    const role = {
      branch_id: id,
      name: 'neondb_owner',
      password: `npg_${randomBytes(9).toString('base64url')}`,
      protected: false,
      created_at: now,
      updated_at: now,
    };
    const database = { id: ++this.#databaseIds, branch_id: id, name: 'neondb', owner_name: role.name, created_at: now, updated_at: now };
    return { branch, endpoint, role, database };
  }
}

const PROJECT_ID = /^[A-Za-z0-9._-]{1,64}$/;

function checkFields(fields: Partial<PlatformProject>, defaults: PlatformProject): void {
  for (const [name, value] of Object.entries(fields)) {
    // Optional: a personal project has none (the account checks that the organization exists).
    if (name === 'org_id' && (typeof value === 'string' || value === undefined)) continue;
    if (!(name in defaults)) throw new InvalidInputError(`unknown project field: ${name}`);
    const expected = typeof defaults[name as keyof PlatformProject];
    if (typeof value !== expected) throw new InvalidInputError(`project field ${name} must be a ${expected}`);
  }
}

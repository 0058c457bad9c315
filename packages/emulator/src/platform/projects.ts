// Projects (spec 2.2) and, for the branch-creation endpoint, their branches and computes.

import { InvalidInputError } from './errors.js';
import { newBranchId, newEndpointId, newProjectId } from './ids.js';
import { isoFromMs } from './timestamps.js';
import type { PlatformProject } from './types.js';

/** A branch as the create-branch endpoint answers it (the fields the real service sends most). */
export interface PlatformBranch {
  id: string;
  project_id: string;
  parent_id?: string;
  name: string;
  current_state: string;
  pending_state?: string;
  default: boolean;
  protected: boolean;
  created_at: string;
  updated_at: string;
}

/** A compute (endpoint) started on a new branch. */
export interface PlatformEndpoint {
  id: string;
  project_id: string;
  branch_id: string;
  type: 'read_write';
  host: string;
  current_state: string;
  created_at: string;
  updated_at: string;
}

interface ProjectRecord {
  project: PlatformProject;
  defaultBranchId: string;
  defaultEndpointId: string;
  branchNames: Set<string>;
}

export class ProjectStore {
  #projects = new Map<string, ProjectRecord>();

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
      branch_logical_size_limit: 3072,
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

  /** Adds a branch off the default one, with a compute; undefined when the name is taken. */
  addBranch(projectId: string, name?: string): { branch: PlatformBranch; endpoint: PlatformEndpoint } | undefined {
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
      default: false,
      protected: false,
      created_at: now,
      updated_at: now,
    };
    const endpoint: PlatformEndpoint = {
      id: endpointId,
      project_id: projectId,
      branch_id: id,
      type: 'read_write',
      host: `${endpointId}.${record.project.proxy_host}`,
      current_state: 'init',
      created_at: now,
      updated_at: now,
    };
    return { branch, endpoint };
  }
}

const PROJECT_ID = /^[A-Za-z0-9._-]{1,64}$/;

function checkFields(fields: Partial<PlatformProject>, defaults: PlatformProject): void {
  for (const [name, value] of Object.entries(fields)) {
    if (!(name in defaults)) throw new InvalidInputError(`unknown project field: ${name}`);
    const expected = typeof defaults[name as keyof PlatformProject];
    if (typeof value !== expected) throw new InvalidInputError(`project field ${name} must be a ${expected}`);
  }
}

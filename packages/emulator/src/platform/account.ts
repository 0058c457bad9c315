// The one emulated account: its keys, projects and operations, and the actions tests, control
// requests and API routes share. Unknown projects or operations throw HttpError 404; bad input
// throws InvalidInputError (400 over HTTP).

import { HttpError } from '../core/http-server.js';
import { type AccessFacts, requireMayCreateOrgKey } from './access.js';
import { AuthAnswers } from './auth-answer.js';
import { InvalidInputError } from './errors.js';
import { KeyStore, orgKeyScope } from './keys.js';
import { Directory } from './organizations.js';
import { type ResolvedTimings, checkStatus, failureCount, resolveOperationSpec, timestamp } from './operation-specs.js';
import { OperationStore } from './operations.js';
import { ProjectStore } from './projects.js';
import type {
  CreatedKey,
  KeySummary,
  OperationSpec,
  OperationStatusExtra,
  OrganizationSeed,
  PlatformOperation,
  PlatformOrganization,
  PlatformProject,
  PlatformUser,
} from './types.js';
import type { BranchAnswer } from './wire.js';

export interface AccountSettings {
  timings: ResolvedTimings;
  /** Answer 423 to branch creation while an operation of the project is still pending. */
  lockWhileOperationsRun: boolean;
  /** A new key's value; default 64 random hex digits. */
  mintKey?: () => string;
}

const MAX_SEED = 1_000_000;

export class PlatformAccount implements AccessFacts {
  readonly keys: KeyStore;
  readonly projects: ProjectStore;
  readonly operations: OperationStore;
  readonly directory: Directory;
  /** What GET /auth answers each key (misreported on demand). */
  readonly authAnswers = new AuthAnswers();
  /** The console user: holder of the first keys and of personal projects, `owner_id` of every project. */
  readonly user: PlatformUser;

  constructor(
    private readonly settings: AccountSettings,
    clock: () => number,
  ) {
    this.keys = new KeyStore(clock, settings.mintKey);
    this.projects = new ProjectStore(clock);
    this.operations = new OperationStore(clock);
    this.directory = new Directory(clock);
    this.user = this.directory.addUser();
  }

  get accountUserId(): string {
    return this.user.id;
  }

  /** A personal key made as if in the console (no other key needed), the account user's unless `userId`. */
  createKey(name = 'console-key', options: { userId?: string } = {}): CreatedKey {
    const userId = options.userId === undefined ? this.user.id : this.directory.requireUser(options.userId).id;
    return this.keys.create(name, { kind: 'personal', userId }, userId);
  }

  /**
   * An organization key (or, with `projectId`, a project-scoped key) made as if in the console by
   * `createdBy` (the account user by default), who must be able to (an admin, or a member for a
   * project-scoped key; else HttpError 403).
   */
  createOrgKey(orgId: string, name = 'console-org-key', options: { projectId?: string; createdBy?: string } = {}): CreatedKey {
    this.directory.requireOrganization(orgId);
    const createdBy = options.createdBy === undefined ? this.user.id : this.directory.requireUser(options.createdBy).id;
    // The console applies the API's rules (access.ts): a 403 HttpError when the maker may not.
    requireMayCreateOrgKey(this.directory.role(orgId, createdBy), options.projectId);
    if (options.projectId !== undefined) this.requireOrgProject(orgId, options.projectId);
    return this.keys.create(name, orgKeyScope(orgId, options.projectId), createdBy);
  }

  /** A project of the organization; 404 when there is no such project in it. */
  requireOrgProject(orgId: string, projectId: unknown): PlatformProject {
    const project = typeof projectId === 'string' ? this.projects.project(projectId) : undefined;
    if (!project || project.org_id !== orgId) throw new HttpError(404, `project ${String(projectId)} not found in organization ${orgId}`);
    return project;
  }

  createUser(name?: string): PlatformUser {
    return this.directory.addUser(name);
  }

  createOrganization(seed: OrganizationSeed = {}): PlatformOrganization {
    return this.directory.addOrganization(seed, this.user.id);
  }

  listKeys(): KeySummary[] {
    return this.keys.list({ includeRevoked: true });
  }

  isKeyValid(value: string): boolean {
    return this.keys.isValid(value);
  }

  keyIdOf(value: string): number | undefined {
    return this.keys.idOf(value);
  }

  createProject(fields?: Partial<PlatformProject>): PlatformProject {
    if (fields?.org_id !== undefined) this.directory.requireOrganization(fields.org_id);
    return this.projects.create(fields);
  }

  requireProject(projectId: string): PlatformProject {
    const project = this.projects.project(projectId);
    if (!project) throw new HttpError(404, `project ${projectId} not found`);
    return project;
  }

  startOperations(projectId: string, specs: OperationSpec[]): PlatformOperation[] {
    this.requireProject(projectId);
    if (!Array.isArray(specs)) throw new InvalidInputError('operation specs must be an array');
    const defaults = this.projects.defaults(projectId)!;
    // Validate every spec before starting any, so a bad batch starts nothing.
    const starts = specs.map((spec) => resolveOperationSpec(spec, this.settings.timings, defaults));
    return this.operations.start(projectId, starts);
  }

  getOperation(projectId: string, operationId: string): PlatformOperation {
    this.requireProject(projectId);
    const operation = this.operations.get(projectId, operationId);
    if (!operation) throw new HttpError(404, `operation ${operationId} not found in project ${projectId}`);
    return operation;
  }

  /** A status by hand; `failures` and `retryAt` make a retrying operation (running, failures above 0). */
  setOperationStatus(projectId: string, operationId: string, status: string, extra: OperationStatusExtra = {}): PlatformOperation {
    this.requireProject(projectId);
    checkStatus(status);
    if (extra.error !== undefined && typeof extra.error !== 'string') throw new InvalidInputError('error must be a string');
    const checked: OperationStatusExtra = {
      ...(extra.error !== undefined && { error: extra.error }),
      ...(extra.failures !== undefined && { failures: failureCount(extra.failures, 'failures_count') }),
      ...(extra.retryAt !== undefined && { retryAt: timestamp(extra.retryAt, 'retry_at') }),
    };
    const operation = this.operations.setStatus(projectId, operationId, status, checked);
    if (!operation) throw new HttpError(404, `operation ${operationId} not found in project ${projectId}`);
    return operation;
  }

  /** Bulk history for pagination tests and benchmarks: `finished` by default, older than the rest. */
  seedOperations(projectId: string, count: number, fields: { status?: string; action?: string } = {}): void {
    this.requireProject(projectId);
    if (!(Number.isInteger(count) && count >= 0 && count <= MAX_SEED)) {
      throw new InvalidInputError(`count must be an integer from 0 to ${MAX_SEED}`);
    }
    const status = fields.status === undefined ? 'finished' : checkStatus(fields.status);
    const defaults = this.projects.defaults(projectId)!;
    const start = resolveOperationSpec({ action: fields.action ?? 'check_availability' }, this.settings.timings, defaults);
    this.operations.seed(projectId, count, { action: start.action, branchId: start.branchId, endpointId: start.endpointId, status });
  }

  /** A branch with a compute: `create_branch` runs at once, `start_compute` waits for it. */
  createBranch(projectId: string, name?: unknown): BranchAnswer {
    const project = this.requireProject(projectId);
    if (name !== undefined && (typeof name !== 'string' || name.length === 0 || name.length > 256)) {
      throw new InvalidInputError('branch.name must be a string of 1 to 256 characters');
    }
    if (project.locked) throw new HttpError(423, `project ${projectId} is locked`);
    if (this.settings.lockWhileOperationsRun && this.operations.hasPending(projectId)) {
      throw new HttpError(423, 'project already has running operations, scheduling of new ones is prohibited');
    }
    const created = this.projects.addBranch(projectId, name);
    if (!created) throw new HttpError(409, `a branch named ${String(name)} already exists in project ${projectId}`);
    const { schedulingMs, runningMs } = this.settings.timings;
    const { branch, endpoint, role, database } = created;
    const operations = this.operations.start(projectId, [
      { action: 'create_branch', branchId: branch.id, plan: { schedulingMs: 0, runningMs, final: 'finished' } },
      {
        action: 'start_compute',
        branchId: branch.id,
        endpointId: endpoint.id,
        plan: { schedulingMs: runningMs + schedulingMs, runningMs, final: 'finished' },
      },
    ]);
    const pooler = endpoint.host.replace(endpoint.id, `${endpoint.id}-pooler`);
    const parameters = { database: database.name, password: role.password, role: role.name, host: endpoint.host, pooler_host: pooler };
    const uri = `postgresql://${role.name}:${role.password}@${endpoint.host}/${database.name}?sslmode=require`;
    return {
      branch,
      endpoints: [endpoint],
      operations,
      roles: [role],
      databases: [database],
      connection_uris: [{ connection_uri: uri, connection_parameters: parameters }],
    };
  }
}

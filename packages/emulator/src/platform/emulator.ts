// startPlatformEmulator: the platform API of /work/shared/spec/platform-api.md, mounted at /api/v2
// on loopback, composed from the account (keys, projects, operations), its routes and the core.

import { type ServedEmulator, served, type ServingOptions, servingOptions } from '../core/served-emulator.js';
import { resolveTime } from '../core/emulator-time.js';
import { startHttpEmulator } from '../core/http-server.js';
import { REDACTED } from '../core/request-log.js';
import { type ResponseShape, resolveShape } from '../core/response-shape.js';
import { PlatformAccount } from './account.js';
import type { AuthMisreport } from './auth-answer.js';
import { BearerAuth } from './auth.js';
import { InvalidInputError, platformError } from './errors.js';
import { resolveTimings } from './operation-specs.js';
import { RateLimiter, type RateLimitOptions } from './rate-limit.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { platformControlRoutes } from './routes/control.js';
import { MAX_PAGE_LIMIT, operationRoutes } from './routes/operations.js';
import { orgApiKeyRoutes } from './routes/org-api-keys.js';
import { projectRoutes } from './routes/projects.js';
import { userRoutes } from './routes/users.js';
import type {
  CreatedKey,
  KeySummary,
  OperationSpec,
  OperationStatusExtra,
  OperationTimings,
  OrganizationRole,
  OrganizationSeed,
  PlatformOperation,
  PlatformOrganization,
  PlatformProject,
  PlatformUser,
} from './types.js';
import type { BranchAnswer } from './wire.js';

export const PLATFORM_API_PATH = '/api/v2';

/** The schedule of operations nobody gave one: long enough to be seen pending, short enough for a demo. */
export const DEFAULT_OPERATION_TIMINGS = { schedulingMs: 500, runningMs: 1500 } as const;

export interface PlatformEmulatorOptions extends ServingOptions {
  /** Default schedule of new operations. */
  operationTimings?: OperationTimings;
  /** Off by default; when set, a 429 with Retry-After past either limit. */
  rateLimit?: RateLimitOptions;
  /** Page size of the operations list without `limit` (10). */
  defaultPageLimit?: number;
  /** Answer 423 Locked to branch creation while the project has a pending operation (off by default). */
  lockWhileOperationsRun?: boolean;
  /** Milliseconds since the epoch, overriding `runtime`'s now; replace it to move time in tests (schedules, rate limits, timestamps). */
  clock?: () => number;
  /** `full` (default, or KEYTURN_EMULATOR_SHAPE) or `sparse`: only what the published description requires. */
  shape?: ResponseShape;
  /** Organizations made at start; the account user is in each with `role` (admin by default). */
  organizations?: OrganizationSeed[];
  /**
   * A new key's value (default: 64 random hex digits). A value must be unique; a test of a target
   * that cannot hold every value (GitLab's masking rule) mints others.
   */
  mintKey?: () => string;
}

export interface PlatformEmulator extends ServedEmulator {
  /** API base URL, `${origin}/api/v2`. */
  url: string;
  /**
   * A personal key made as if in the console (no other key needed), of the account user unless
   * `userId` names another (createUser). Its value is returned only here.
   */
  createKey(name?: string, options?: { userId?: string }): CreatedKey;
  /**
   * An organization key, or with `projectId` a project-scoped key of that organization's project,
   * made as if in the console by `createdBy` (the account user by default): an admin for an
   * organization key, any member for a project-scoped one.
   */
  createOrgKey(orgId: string, name?: string, options?: { projectId?: string; createdBy?: string }): CreatedKey;
  /** Every key, revoked ones included, with `org_id`/`project_id` for organization keys; never their values. */
  listKeys(): KeySummary[];
  /** The console user who holds personal projects and the first keys. */
  user: PlatformUser;
  /** Another console user (a colleague), in no organization until setRole. */
  createUser(name?: string): PlatformUser;
  /** An organization; the account user joins it as `seed.role` (admin by default). */
  createOrganization(seed?: OrganizationSeed): PlatformOrganization;
  /** A user's role in an organization; `null` removes them (their personal keys lose its projects at once). */
  setRole(orgId: string, userId: string, role: OrganizationRole | null): void;
  isKeyValid(value: string): boolean;
  /** The id of the key with this value, revoked or not (a test maps what a secret holds to a key). */
  keyIdOf(value: string): number | undefined;
  /** A project; with `org_id` it belongs to that organization instead of the account user. */
  createProject(fields?: Partial<PlatformProject>): PlatformProject;
  startOperations(projectId: string, specs: OperationSpec[]): PlatformOperation[];
  getOperation(projectId: string, operationId: string): PlatformOperation;
  /** Sets any status by hand; `failures`/`retryAt` make a retrying operation. failures_count never decreases. */
  setOperationStatus(projectId: string, operationId: string, status: string, extra?: OperationStatusExtra): PlatformOperation;
  seedOperations(projectId: string, count: number, fields?: { status?: string; action?: string }): void;
  /** As `POST /projects/:id/branches` does: a branch, its compute, two operations, a role with its password. */
  createBranch(projectId: string, name?: string): BranchAnswer;
  /**
   * GET /auth answers `account_id` and/or `auth_method` given here instead of the key's own, for keys
   * made from now on (`keys: 'new'`) or every key (`keys: 'all'`); undefined answers truly again.
   */
  misreportAuth(misreport: AuthMisreport | undefined): void;
  /** The shape answers are sent in. */
  shape: ResponseShape;
}

export async function startPlatformEmulator(options: PlatformEmulatorOptions = {}): Promise<PlatformEmulator> {
  const time = resolveTime(options.runtime, options.clock);
  const clock = () => time.now();
  const shape = resolveShape(options.shape);
  const defaultPageLimit = options.defaultPageLimit ?? 10;
  if (!(Number.isInteger(defaultPageLimit) && defaultPageLimit >= 1 && defaultPageLimit <= MAX_PAGE_LIMIT)) {
    throw new InvalidInputError(`defaultPageLimit must be an integer from 1 to ${MAX_PAGE_LIMIT}`);
  }
  const account = new PlatformAccount(
    {
      timings: resolveTimings(options.operationTimings, DEFAULT_OPERATION_TIMINGS),
      lockWhileOperationsRun: options.lockWhileOperationsRun ?? false,
      mintKey: options.mintKey,
    },
    clock,
  );
  for (const seed of options.organizations ?? []) account.createOrganization(seed);
  const auth = new BearerAuth(account.keys);
  const guards = {
    auth,
    rateLimiter: options.rateLimit ? new RateLimiter(options.rateLimit, clock) : undefined,
    shape,
  };
  const server = await startHttpEmulator({
    mount: PLATFORM_API_PATH,
    routes: [
      ...apiKeyRoutes(account, guards, shape),
      ...orgApiKeyRoutes(account, guards, shape),
      ...userRoutes(account, guards, shape),
      ...projectRoutes(account, guards, shape),
      ...operationRoutes(account, guards, defaultPageLimit, shape),
    ],
    controlRoutes: platformControlRoutes(account),
    errorReply: (status, message) => platformError(status, message),
    authenticate: auth.check,
    // The one credential the platform answers: a new key's value.
    redactResponseBody: (body) =>
      body !== null && typeof body === 'object' && typeof (body as { key?: unknown }).key === 'string' ? { ...body, key: REDACTED } : body,
    ...servingOptions(options, time),
  });

  return {
    ...served(server, PLATFORM_API_PATH),
    createKey: (name, keyOptions) => account.createKey(name, keyOptions),
    createOrgKey: (orgId, name, keyOptions) => account.createOrgKey(orgId, name, keyOptions),
    listKeys: () => account.listKeys(),
    user: { ...account.user },
    createUser: (name) => account.createUser(name),
    createOrganization: (seed) => account.createOrganization(seed),
    setRole: (orgId, userId, role) => account.directory.setRole(orgId, userId, role),
    isKeyValid: (value) => account.isKeyValid(value),
    keyIdOf: (value) => account.keyIdOf(value),
    createProject: (fields) => account.createProject(fields),
    startOperations: (projectId, specs) => account.startOperations(projectId, specs),
    getOperation: (projectId, operationId) => account.getOperation(projectId, operationId),
    setOperationStatus: (projectId, operationId, status, extra) => account.setOperationStatus(projectId, operationId, status, extra),
    seedOperations: (projectId, count, fields) => account.seedOperations(projectId, count, fields),
    createBranch: (projectId, name) => account.createBranch(projectId, name),
    misreportAuth: (misreport) => account.authAnswers.set(misreport, account.keys.nextId),
    shape,
  };
}

// The platform's control routes under /__emulator (see README "Control API"): what a test or
// another process does "in the console" or "as the control plane". No auth, no faults, not logged.

import { type EmulatorReply, type EmulatorRequest, HttpError, type Route } from '../../core/http-server.js';
import type { PlatformAccount } from '../account.js';
import type { AuthMisreport } from '../auth-answer.js';
import { InvalidInputError } from '../errors.js';
import { objectBody } from '../platform-route.js';
import type { OperationSpec, OperationStatusExtra, OrganizationRole, OrganizationSeed, PlatformProject } from '../types.js';
import { keyIdParam } from './api-keys.js';

export function platformControlRoutes(account: PlatformAccount): Route[] {
  return [
    controlRoute('POST', '/keys', (req) => {
      const { name, user_id } = optionalStrings(req, 'name', 'user_id');
      const { id, key, name: keyName } = account.createKey(name, { userId: user_id });
      return { status: 201, body: { id, key, name: keyName } };
    }),

    controlRoute('POST', '/users', (req) => {
      return { status: 201, body: account.createUser(optionalStrings(req, 'name').name) };
    }),
    controlRoute('POST', '/organizations', (req) => ({
      status: 201,
      body: account.createOrganization(objectBody(req) as OrganizationSeed),
    })),
    controlRoute('PUT', '/organizations/:org_id/members/:user_id', (req) => {
      const { role } = objectBody(req);
      account.directory.setRole(req.params.org_id!, req.params.user_id!, role as OrganizationRole);
      return { status: 200, body: { org_id: req.params.org_id, user_id: req.params.user_id, role } };
    }),
    controlRoute('DELETE', '/organizations/:org_id/members/:user_id', (req) => {
      account.directory.setRole(req.params.org_id!, req.params.user_id!, null);
      return { status: 204 };
    }),
    controlRoute('POST', '/organizations/:org_id/keys', (req) => {
      const { name, project_id, created_by } = optionalStrings(req, 'name', 'project_id', 'created_by');
      return { status: 201, body: account.createOrgKey(req.params.org_id!, name, { projectId: project_id, createdBy: created_by }) };
    }),
    controlRoute('GET', '/keys', () => ({ status: 200, body: { keys: account.listKeys() } })),
    controlRoute('PUT', '/auth-answer', (req) => {
      const { account_id, auth_method, keys } = optionalStrings(req, 'account_id', 'auth_method', 'keys');
      try {
        account.authAnswers.set({ account_id, auth_method, keys } as AuthMisreport, account.keys.nextId);
      } catch (error) {
        throw new InvalidInputError((error as Error).message);
      }
      return { status: 204 };
    }),
    controlRoute('DELETE', '/auth-answer', () => {
      account.authAnswers.set(undefined, account.keys.nextId);
      return { status: 204 };
    }),
    controlRoute('DELETE', '/keys/:key_id', (req) => {
      const revoked = account.keys.revoke(keyIdParam(req.params.key_id));
      if (!revoked) throw new HttpError(404, `API key ${req.params.key_id} not found or already revoked`);
      return { status: 200, body: revoked };
    }),

    controlRoute('POST', '/projects', (req) => ({
      status: 201,
      body: account.createProject(objectBody(req) as Partial<PlatformProject>),
    })),
    controlRoute('GET', '/projects', () => ({ status: 200, body: { projects: account.projects.list() } })),

    controlRoute('POST', '/projects/:project_id/operations', (req) => {
      const specs = (Array.isArray(req.body) ? req.body : [req.body ?? {}]) as OperationSpec[];
      return { status: 201, body: { operations: account.startOperations(req.params.project_id!, specs) } };
    }),
    controlRoute('PATCH', '/projects/:project_id/operations/:operation_id', (req) => {
      const { status, error, failures_count, retry_at } = objectBody(req);
      const extra = { error, failures: failures_count, retryAt: retry_at } as OperationStatusExtra;
      const operation = account.setOperationStatus(req.params.project_id!, req.params.operation_id!, status as string, extra);
      return { status: 200, body: { operation } };
    }),
    controlRoute('POST', '/projects/:project_id/operations/seed', (req) => {
      const { count } = objectBody(req);
      const { status, action } = optionalStrings(req, 'status', 'action');
      const projectId = req.params.project_id!;
      account.seedOperations(projectId, count as number, { status, action });
      return { status: 201, body: { seeded: count, total: account.operations.count(projectId) } };
    }),
  ];
}

/** The body's fields `names`, each a string or absent: else the request is bad input. */
function optionalStrings<N extends string>(req: EmulatorRequest, ...names: N[]): Partial<Record<N, string>> {
  const body = objectBody(req);
  for (const name of names)
    if (body[name] !== undefined && typeof body[name] !== 'string') throw new InvalidInputError(`${name} must be a string`);
  return body as Partial<Record<N, string>>;
}

/** Bad input from a control request is a 400 with the reason, like any other. */
function controlRoute(method: string, pattern: string, handler: (req: EmulatorRequest) => EmulatorReply): Route {
  return {
    method,
    pattern,
    handler: (req) => {
      try {
        return handler(req);
      } catch (error) {
        if (error instanceof InvalidInputError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  };
}

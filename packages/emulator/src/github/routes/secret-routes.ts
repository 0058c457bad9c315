// Public key, list, get, create-or-update (201 / 204) and delete for one secret scope.
// https://docs.github.com/rest/actions/secrets, https://docs.github.com/rest/codespaces

import type { EmulatorRequest, Route } from '../../core/http-server.js';
import { shaped } from '../../core/response-shape.js';
import { resourceOf } from '../apps.js';
import { type Caller, requirePermission } from '../auth.js';
import { GitHubError, notFound } from '../github-error.js';
import { secretNameProblem } from '../names.js';
import { publicKeyBase64 } from '../sealed-box.js';
import type { StoredSecret } from '../secret-store.js';
import type { SecretTarget } from '../targets.js';
import { type GitHubContext, githubRoute } from './github-route.js';
import { paginate } from './pagination.js';
import { openSealedValue, readSealedValue } from './sealed-value.js';
import type { SecretScope } from './secret-scope.js';

export function secretRoutes(ctx: GitHubContext, scope: SecretScope): Route[] {
  const { docs } = scope;

  /** 404 for an unknown target, then 403 unless the caller may `need` its secrets. */
  const targetFor = (req: EmulatorRequest, caller: Caller, need: 'read' | 'write', page: string): SecretTarget => {
    const target = scope.resolve(ctx.world, req.params, caller);
    if (!target) throw notFound(page);
    requirePermission(caller, need, scope.permission, page, resourceOf(ctx.world, target.ref));
    return target;
  };

  const describe = (secret: StoredSecret, req: EmulatorRequest) =>
    shaped(
      ctx.shape,
      { name: secret.name, created_at: secret.createdAt, updated_at: secret.updatedAt, ...scope.describe?.(secret, req) } as Record<
        string,
        unknown
      >,
      { optional: scope.optional ?? ['selected_repositories_url'] },
    );

  return [
    githubRoute(ctx, 'GET', `${scope.collection}/public-key`, (req, caller) => {
      const target = targetFor(req, caller, 'read', docs.publicKey);
      return { status: 200, body: shaped(ctx.shape, { key_id: target.key.keyId, key: publicKeyBase64(target.key) }, { optional: [] }) };
    }),

    githubRoute(ctx, 'GET', scope.collection, (req, caller) => {
      const all = targetFor(req, caller, 'read', docs.list).secrets.list();
      const page = paginate(req, all);
      return {
        status: 200,
        headers: page.headers,
        body: { total_count: all.length, secrets: page.items.map((s) => describe(s, req)) },
      };
    }),

    githubRoute(ctx, 'GET', `${scope.collection}/:secret_name`, (req, caller) => {
      const secret = targetFor(req, caller, 'read', docs.get).secrets.get(req.params.secret_name!);
      if (!secret) throw notFound(docs.get);
      return { status: 200, body: describe(secret, req) };
    }),

    githubRoute(ctx, 'PUT', `${scope.collection}/:secret_name`, (req, caller) => {
      const target = targetFor(req, caller, 'write', docs.put);
      const name = req.params.secret_name!;
      const nameProblem = secretNameProblem(name);
      if (nameProblem) throw new GitHubError(422, nameProblem, docs.put);
      const existing = target.secrets.get(name);
      const extra = scope.writeFields?.(ctx, req, existing) ?? { write: {}, valueOptional: false };
      const sealed = readSealedValue(req.body, extra.valueOptional, docs.put);
      const value = sealed && openSealedValue(target, sealed, ctx.badSeal, docs.put);
      const outcome = target.secrets.put(name, { ...extra.write, value });
      return outcome === 'created' ? { status: 201, body: {} } : { status: 204 };
    }),

    githubRoute(ctx, 'DELETE', `${scope.collection}/:secret_name`, (req, caller) => {
      const target = targetFor(req, caller, 'write', docs.delete);
      if (!target.secrets.delete(req.params.secret_name!)) throw notFound(docs.delete);
      return { status: 204 };
    }),
  ];
}

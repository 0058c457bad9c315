// The shape every GitHub secret store shares: `<scope>/public-key`, `<scope>/{secret_name}` (GET, PUT).
// https://docs.github.com/en/rest/actions/secrets  https://docs.github.com/en/rest/dependabot/secrets

import type { GitHubClient } from '../../../github-client/octokit.js';
import { toTargetError } from '../../../github-client/errors.js';
import type { GitHubKind } from '../kind.js';
import type { SealedSecretTarget, SecretMeta, TargetError, TargetPublicKey, WriteOptions } from '../../secret-target.js';

export interface SecretScope {
  /** Route of the secrets collection, e.g. `/repos/{owner}/{repo}/actions/secrets`. */
  route: string;
  params: Record<string, string>;
}

/** Said after every kind's permissions: a workflow's own token reaches no secret store. */
export const NO_WORKFLOW_TOKEN = 'the workflow GITHUB_TOKEN cannot write secrets';

/** What a target takes from its kind: how its spec reads, and who may write it. */
export type GitHubTargetWords<S extends { kind: string }> = Pick<GitHubKind<S>, 'format' | 'identity' | 'permissions'>;

export class GitHubSecretTarget<S extends { kind: string } = { kind: string }> implements SealedSecretTarget {
  constructor(
    protected readonly octokit: GitHubClient,
    readonly spec: S,
    protected readonly scope: SecretScope,
    protected readonly words: GitHubTargetWords<S>,
  ) {}

  describe(): string {
    return this.words.format(this.spec);
  }

  identity(): string {
    return this.words.identity(this.spec);
  }

  async fetchPublicKey(): Promise<TargetPublicKey> {
    const { data, headers } = await this.call('reading the public key', () =>
      this.octokit.request(`GET ${this.scope.route}/public-key`, this.scope.params),
    );
    const { key_id: keyId, key } = (data ?? {}) as { key_id?: unknown; key?: unknown };
    if (typeof keyId !== 'string' || typeof key !== 'string') {
      throw await this.failure(
        { response: { status: 200, data: { message: 'the public key answer has no key_id and key' } } },
        'reading the public key',
      );
    }
    // GitHub's clock, the one its secrets' `updated_at` is written by.
    const servedAt = httpDate(headers?.date);
    return servedAt ? { keyId, key, servedAt } : { keyId, key };
  }

  async writeSecret(name: string, sealedValue: string, keyId: string, options: WriteOptions = {}): Promise<void> {
    const body = { encrypted_value: sealedValue, key_id: keyId, ...(await this.extraWriteFields(name, options)) };
    await this.call(`writing the secret ${name}`, () =>
      this.octokit.request(`PUT ${this.scope.route}/{secret_name}`, { ...this.scope.params, secret_name: name, ...body }),
    );
  }

  async readSecretMeta(name: string): Promise<SecretMeta | undefined> {
    const data = await this.readSecret(name);
    if (!data) return undefined;
    const meta = data as { name?: string; created_at?: string; updated_at?: string };
    return { name: meta.name ?? name, createdAt: meta.created_at, updatedAt: meta.updated_at };
  }

  /** The secret as GitHub describes it (never its value), or undefined on 404. */
  protected async readSecret(name: string): Promise<Record<string, unknown> | undefined> {
    try {
      const { data } = await this.octokit.request(`GET ${this.scope.route}/{secret_name}`, {
        ...this.scope.params,
        secret_name: name,
      });
      return data as Record<string, unknown>;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return undefined;
      throw await this.failure(error, `reading the secret ${name}`);
    }
  }

  /** Body fields beyond the sealed value (organization secrets add their visibility). */
  protected async extraWriteFields(_name: string, _options: WriteOptions): Promise<Record<string, unknown>> {
    return {};
  }

  protected async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw await this.failure(error, what);
    }
  }

  /** The TargetError for a failed request, with the client's own token scrubbed from GitHub's text. */
  protected async failure(error: unknown, what: string): Promise<TargetError> {
    return toTargetError(error, this.words.permissions, this.describe(), what, [await this.token()]);
  }

  /** The token the client sends (token auth answers `{ token }`); none when it cannot say. */
  private async token(): Promise<string | undefined> {
    try {
      const auth = (await this.octokit.auth()) as { token?: unknown } | undefined;
      return typeof auth?.token === 'string' ? auth.token : undefined;
    } catch {
      return undefined;
    }
  }
}

/** An HTTP `Date` header (https://www.rfc-editor.org/rfc/rfc9110#field.date), or undefined when absent or unreadable. */
function httpDate(value: unknown): Date | undefined {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time);
}

// The shape every GitHub secret store shares: `<scope>/public-key`, `<scope>/{secret_name}` (GET, PUT).
// https://docs.github.com/en/rest/actions/secrets  https://docs.github.com/en/rest/dependabot/secrets

import type { GitHubClient } from '../../github/octokit.js';
import { toTargetError } from '../../github/errors.js';
import type { SecretMeta, SecretTarget, TargetPublicKey } from '../secret-target.js';
import { formatTargetSpec, type TargetSpec } from '../spec.js';

export interface SecretScope {
  /** Route of the secrets collection, e.g. `/repos/{owner}/{repo}/actions/secrets`. */
  route: string;
  params: Record<string, string>;
}

export class GitHubSecretTarget implements SecretTarget {
  constructor(
    protected readonly octokit: GitHubClient,
    readonly spec: TargetSpec,
    protected readonly scope: SecretScope,
  ) {}

  describe(): string {
    return formatTargetSpec(this.spec);
  }

  async fetchPublicKey(): Promise<TargetPublicKey> {
    const { data } = await this.call('reading the public key', () =>
      this.octokit.request(`GET ${this.scope.route}/public-key`, this.scope.params),
    );
    const { key_id: keyId, key } = (data ?? {}) as { key_id?: unknown; key?: unknown };
    if (typeof keyId !== 'string' || typeof key !== 'string') {
      throw toTargetError(
        { response: { status: 200, data: { message: 'the public key answer has no key_id and key' } } },
        this.spec,
        this.describe(),
        'reading the public key',
      );
    }
    return { keyId, key };
  }

  async writeSecret(name: string, sealedValue: string, keyId: string): Promise<void> {
    const body = { encrypted_value: sealedValue, key_id: keyId, ...(await this.extraWriteFields(name)) };
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
      throw toTargetError(error, this.spec, this.describe(), `reading the secret ${name}`);
    }
  }

  /** Body fields beyond the sealed value (organization secrets add their visibility). */
  protected async extraWriteFields(_name: string): Promise<Record<string, unknown>> {
    return {};
  }

  protected async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toTargetError(error, this.spec, this.describe(), what);
    }
  }
}

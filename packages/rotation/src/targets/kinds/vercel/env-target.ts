// A Vercel project's environment variable as a target: written with `POST /v10/projects/{id}/env?upsert=true`
// (https://vercel.com/docs/rest-api/projects/create-one-or-more-environment-variables), `sensitive`
// where Vercel allows it (never readable back); a development variable cannot be sensitive and is
// written `encrypted`. An existing variable keeps its type, its comment and every environment it
// targets (upsert replaces what it is given, so they are given back): only its value changes, and
// its environments never widen. A new value reaches a deployment only when one is built: with
// `redeploy` (production), production's current deployment is rebuilt and awaited (deployments.ts).

import { describeError } from '../../../platform.js';
import {
  mayHaveLanded,
  type PlainValueTarget,
  type RuntimeReach,
  type SecretMeta,
  type ServingNow,
  TargetError,
  type WriteOptions,
} from '../../secret-target.js';
import { vercelAdvice, type VercelPlace } from './advice.js';
import { ProjectDeployments } from './deployments.js';
import { type VercelClient, VercelRequestError } from '../../vercel/vercel-client.js';

export type VercelEnvironment = 'production' | 'preview' | 'development';

/** What the target reads of its spec. */
export interface VercelTargetSpec {
  project: string;
  environment: VercelEnvironment;
  team?: string;
}

/** A variable as Vercel lists it (the value is never kept here). */
interface EnvVar {
  id: string;
  key: string;
  type: string;
  target: VercelEnvironment[];
  gitBranch?: string;
  comment?: string;
  /** When its value last changed, by Vercel's clock. */
  updatedAt?: number;
}

/** The types keyturn writes; a legacy `secret` or `system` variable is rewritten `encrypted`. */
const WRITABLE_TYPES = new Set(['plain', 'encrypted', 'sensitive']);

export class VercelEnvTarget implements PlainValueTarget {
  readonly takes = 'plain';
  readonly #deployments: ProjectDeployments;
  readonly #scope: Record<string, string>;
  /** Per variable name: the variable before the run (undefined: none), read once. */
  #before = new Map<string, Promise<EnvVar | undefined>>();
  #project: Promise<{ id: string; name: string }> | undefined;
  /** When the last write landed, by Vercel's clock: a deployment made after it builds with the value. */
  #writtenAt: number | undefined;
  /** A new development variable was written `encrypted`. */
  #encryptedNotSensitive = false;

  constructor(
    private readonly client: VercelClient,
    readonly spec: VercelTargetSpec,
    private readonly words: { format(): string; identity(): string; redeploy: boolean },
  ) {
    const team = spec.team;
    this.#scope = team === undefined ? {} : team.startsWith('team_') ? { teamId: team } : { slug: team };
    this.#deployments = new ProjectDeployments(client, this.#scope);
  }

  describe(): string {
    return this.words.format();
  }

  identity(): string {
    return this.words.identity();
  }

  /** Reads the project and the variable: proves the token reaches them, and keeps the variable's type, targets and comment. */
  async prepare(secretName: string): Promise<void> {
    await this.#variableBefore(secretName);
  }

  async writeValue(name: string, value: string, _options: WriteOptions = {}): Promise<void> {
    const before = await this.#variableBefore(name);
    const { environment } = this.spec;
    // A rollback writes the same shape: the variable as it was, with the value it held.
    const type = before
      ? WRITABLE_TYPES.has(before.type)
        ? before.type
        : 'encrypted'
      : environment === 'development'
        ? 'encrypted'
        : 'sensitive';
    const body = {
      key: name,
      value,
      type,
      target: before?.target ?? [environment],
      ...(before?.comment !== undefined && { comment: before.comment }),
    };
    try {
      const project = await this.#projectOnce();
      const answer = await this.client.request<{ created?: { updatedAt?: number } }>(
        'POST',
        `/v10/projects/${encodeURIComponent(project.id)}/env`,
        { query: { ...this.#scope, upsert: 'true' }, body },
      );
      this.#writtenAt = answer?.created?.updatedAt ?? this.client.runtime.now();
      this.#encryptedNotSensitive = !before && environment === 'development';
    } catch (error) {
      throw this.#failure(error, `writing the variable ${name}`);
    }
  }

  /**
   * Compared here, never shown. A sensitive value is never read back: the variable unchanged since
   * the preflight read it (its id and `updatedAt`) proves the write did not land; anything else about
   * it proves nothing (undefined).
   */
  async holdsValue(name: string, value: string): Promise<boolean | undefined> {
    try {
      const before = await this.#before.get(name);
      const variable = await this.#find(name, true);
      if (!variable) return undefined;
      if (before && variable.id === before.id && before.updatedAt !== undefined && variable.updatedAt === before.updatedAt) return false;
      if (variable.type === 'sensitive' || typeof variable.value !== 'string') return undefined;
      return variable.value === value;
    } catch {
      return undefined;
    }
  }

  /**
   * The variable of this environment as Vercel lists it: it exists or not (a retired target's, a
   * renamed secret's old one: seeds 421, 103). No time: Vercel's `updatedAt` is not the clock a
   * public key's `Date` reads, and no public key is served here.
   */
  async readSecretMeta(name: string): Promise<SecretMeta | undefined> {
    try {
      return (await this.#find(name, false)) ? { name } : undefined;
    } catch (error) {
      throw this.#failure(error, `reading the variable ${name}`);
    }
  }

  async reachRuntime(_name: string, signal?: AbortSignal): Promise<RuntimeReach> {
    const { environment } = this.spec;
    if (environment === 'development') return { state: 'live', encryptedNotSensitive: this.#encryptedNotSensitive };
    try {
      const project = await this.#projectOnce();
      const serving = await this.#deployments.current(project.id, environment);
      const writtenAt = this.#writtenAt ?? Number.POSITIVE_INFINITY;
      // A deploy of the user's after the write builds with the new value already.
      if (serving && serving.createdAt > writtenAt) return { state: 'deployed', deployment: serving };
      const facts = { ...(serving && { serving }), ...(this.#writtenAt !== undefined && { writtenAt: this.#writtenAt }) };
      if (!this.words.redeploy || environment !== 'production' || !serving) return { state: 'awaiting-deploy', ...facts };
      const made = await this.#deployments.redeploy(project.name, serving).catch((error) => ({ error }));
      if ('error' in made)
        return { state: 'not-ready', error: this.#failure(made.error, `redeploying ${this.spec.project}`).message, ...facts };
      const ended = await this.#deployments.waitUntilEnded(made, signal);
      if (ended.readyState === 'READY') return { state: 'deployed', deployment: made };
      return {
        state: 'not-ready',
        deployment: made,
        readyState: ended.readyState,
        error: ended.error ?? `its state is ${ended.readyState}`,
        ...facts,
      };
    } catch (error) {
      throw this.#failure(error, `reading the deployments of ${this.spec.project}`);
    }
  }

  async servingSince(writtenAt: number): Promise<ServingNow | undefined> {
    const { environment } = this.spec;
    if (environment === 'development') return { since: true }; // nothing to deploy: the value is live once written
    if (this.words.redeploy && environment === 'production') return undefined;
    try {
      const project = await this.#projectOnce();
      const serving = await this.#deployments.current(project.id, environment);
      return { ...(serving && { serving }), since: serving !== undefined && serving.createdAt > writtenAt };
    } catch (error) {
      throw this.#failure(error, `reading the deployments of ${this.spec.project}`);
    }
  }

  #variableBefore(name: string): Promise<EnvVar | undefined> {
    let variable = this.#before.get(name);
    if (!variable) {
      variable = this.#find(name, false).catch((error) => Promise.reject(this.#failure(error, `reading the variable ${name}`)));
      variable.catch(() => this.#before.delete(name));
      this.#before.set(name, variable);
    }
    return variable;
  }

  /** The variable of this spec's environment (not one of a Git branch), if any. */
  async #find(name: string, decrypt: boolean): Promise<(EnvVar & { value?: string }) | undefined> {
    const project = await this.#projectOnce();
    const { envs } = await this.client.request<{ envs: Array<EnvVar & { value?: string }> }>(
      'GET',
      `/v9/projects/${encodeURIComponent(project.id)}/env`,
      {
        query: { ...this.#scope, ...(decrypt && { decrypt: 'true' }) },
      },
    );
    return envs.find((v) => v.key === name && v.gitBranch === undefined && v.target.includes(this.spec.environment));
  }

  #projectOnce(): Promise<{ id: string; name: string }> {
    this.#project ??= this.client.request<{ id: string; name: string }>('GET', `/v9/projects/${encodeURIComponent(this.spec.project)}`, {
      query: this.#scope,
    });
    this.#project.catch(() => {
      this.#project = undefined;
    });
    return this.#project;
  }

  #failure(error: unknown, what: string): TargetError {
    if (error instanceof TargetError) return error;
    const failed = error instanceof VercelRequestError ? error : undefined;
    const place: VercelPlace = { project: this.spec.project, ...(this.spec.team && { team: this.spec.team }) };
    return new TargetError({
      message: `${what} of ${this.describe()} failed: ${describeError(error)}`,
      target: this.describe(),
      status: failed?.status,
      advice: vercelAdvice(failed?.status, place, { reason: failed?.reason, invalidToken: failed?.invalidToken }),
      mayHaveTakenEffect: mayHaveLanded(failed?.status, failed?.retriedUnanswered === true),
      cause: error,
    });
  }
}

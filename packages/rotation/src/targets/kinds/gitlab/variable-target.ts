// A GitLab CI/CD variable as a target: a project's (`/projects/:id/variables`) or a group's
// (`/groups/:id/variables`), keyed by its name and environment scope.
// https://docs.gitlab.com/api/project_level_variables/  https://docs.gitlab.com/api/group_level_variables/
// GitLab has no public key to seal with: the value goes over TLS, masked, and hidden where the
// instance can hide (`masked_and_hidden`, GitLab 17.4+, only when a variable is created; an older
// instance ignores it and the variable is masked). An existing variable keeps its `protected`,
// `raw`, type and scope: only its value changes (and it becomes masked; a rollback gives back the
// masking it had).

import { describeError } from '../../../platform.js';
import type { GitLabKind } from '../kind.js';
import { mayHaveLanded, type PlainValueTarget, type SecretMeta, TargetError, type WriteOptions } from '../../secret-target.js';
import { type GitLabPlace, gitlabAdvice } from './advice.js';
import { type GitLabClient, GitLabRequestError, variableMissing, variableTaken } from '../../gitlab/gitlab-client.js';
import { maskingProblem } from './masking.js';
import { mutant } from '../../../internal/mutants.js';
import { probe } from '../../../internal/probes.js';

/** A variable as GitLab describes it (its value is never kept here). */
interface VariableFlags {
  masked: boolean;
  hidden: boolean;
}

/** What the target reads of its spec: the environment scope its variable is keyed by (`*`, every environment, when left out). */
export type GitLabSpec = { kind: string; environmentScope?: string };

/** What a variable target takes from its kind: how its spec reads, and the project or group it names. */
export type GitLabTargetWords<S extends GitLabSpec> = Pick<GitLabKind<S>, 'format' | 'identity'> & { place(spec: S): GitLabPlace };

export class GitLabVariableTarget<S extends GitLabSpec> implements PlainValueTarget {
  readonly takes = 'plain';
  readonly #place: GitLabPlace;
  readonly #route: string;
  /** Per variable name: its flags before the run (undefined: no such variable), read once. */
  #before = new Map<string, Promise<VariableFlags | undefined>>();

  constructor(
    private readonly client: GitLabClient,
    readonly spec: S,
    private readonly words: GitLabTargetWords<S>,
  ) {
    this.#place = words.place(spec);
    // A path is one URL-encoded segment (`acme%2Fweb`), as GitLab takes it.
    this.#route = `/${this.#place.scope}s/${encodeURIComponent(this.#place.path)}/variables`;
  }

  describe(): string {
    return this.words.format(this.spec);
  }

  identity(): string {
    return this.words.identity(this.spec);
  }

  /** Reads the variable: proves the token may manage the variables, and keeps its flags for a rollback. */
  async prepare(secretName: string): Promise<void> {
    await this.#flagsBefore(secretName);
  }

  valueProblem(value: string): string | undefined {
    return maskingProblem(value);
  }

  async writeValue(name: string, value: string, options: WriteOptions = {}): Promise<void> {
    const problem = maskingProblem(value);
    if (problem) {
      throw new TargetError({
        message: `${this.describe()} cannot take ${name}: ${problem}`,
        target: this.describe(),
        advice: 'Nothing was sent to GitLab. Rotate a key GitLab can mask into this target, or write this secret somewhere else.',
      });
    }
    const before = await this.#flagsBefore(name);
    // A rollback gives back the masking the variable had; the run's write masks it.
    const masked = options.restore && before ? before.masked : true;
    if (options.restore) probe('gitlab-variable-rolled-back');
    try {
      if (before)
        await this.#update(name, value, masked).catch((error) =>
          variableMissing(error) ? this.#create(name, value) : Promise.reject(error),
        );
      else
        await this.#create(name, value).catch((error) =>
          variableTaken(error) ? this.#update(name, value, masked) : Promise.reject(error),
        );
    } catch (error) {
      throw this.#failure(error, `writing the variable ${name}`);
    }
  }

  /** The variable as GitLab lists it: it exists or not. GitLab keeps no time of a variable's last change. */
  async readSecretMeta(name: string): Promise<SecretMeta | undefined> {
    return (await this.#read(name)) ? { name } : undefined;
  }

  /** Compared here, never shown: GitLab answers a variable's value unless it is hidden. */
  async holdsValue(name: string, value: string): Promise<boolean | undefined> {
    try {
      const data = await this.#get(name);
      return typeof data?.value === 'string' && data.hidden !== true ? data.value === value : undefined;
    } catch {
      // Not found (a write still being applied?) or no answer: that proves nothing.
      return undefined;
    }
  }

  #flagsBefore(name: string): Promise<VariableFlags | undefined> {
    let flags = this.#before.get(name);
    if (!flags) {
      flags = this.#read(name);
      flags.catch(() => this.#before.delete(name));
      this.#before.set(name, flags);
    }
    return flags;
  }

  async #read(name: string): Promise<VariableFlags | undefined> {
    try {
      const data = await this.#get(name);
      return { masked: data?.masked === true, hidden: data?.hidden === true };
    } catch (error) {
      // "404 Variable Not Found": no such variable yet. A 404 of the project or group is a failure.
      if (variableMissing(error)) return undefined;
      throw this.#failure(error, `reading the variable ${name}`);
    }
  }

  /** The variable of this spec's scope, as GitLab answers it. */
  async #get(name: string): Promise<Record<string, unknown> | undefined> {
    const path = `${this.#route}/${encodeURIComponent(name)}`;
    return (await this.client.request<Record<string, unknown>>('GET', path, { query: this.#filter() })).data;
  }

  async #create(name: string, value: string): Promise<void> {
    const body = { key: name, value, masked: !mutant('gitlab-write-unmasked'), environment_scope: this.#scope() };
    try {
      await this.client.request('POST', this.#route, { body: { ...body, masked_and_hidden: true } });
    } catch (error) {
      // An instance that refuses `masked_and_hidden` outright (rather than ignoring it) gets a masked variable.
      if (!(error instanceof GitLabRequestError && error.status === 400 && /hidden/i.test(error.reason))) throw error;
      await this.client.request('POST', this.#route, { body });
    }
  }

  async #update(name: string, value: string, masked: boolean): Promise<void> {
    await this.client.request('PUT', `${this.#route}/${encodeURIComponent(name)}`, {
      query: this.#filter(),
      body: { value, masked: masked && !mutant('gitlab-write-unmasked') },
    });
  }

  /** The variable of this spec's scope, among variables of one name in several scopes. */
  #filter(): Record<string, string> {
    return { 'filter[environment_scope]': this.#scope() };
  }

  #scope(): string {
    return this.spec.environmentScope ?? '*';
  }

  #failure(error: unknown, what: string): TargetError {
    if (error instanceof TargetError) return error;
    const status = error instanceof GitLabRequestError ? error.status : undefined;
    const reason = error instanceof GitLabRequestError ? error.reason : '';
    return new TargetError({
      message: `${what} of ${this.describe()} failed: ${describeError(error)}`,
      target: this.describe(),
      status,
      advice: gitlabAdvice(status, this.#place, reason),
      mayHaveTakenEffect: mayHaveLanded(status, error instanceof GitLabRequestError && error.retriedUnanswered),
      cause: error,
    });
  }
}

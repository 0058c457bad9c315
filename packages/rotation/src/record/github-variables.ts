// Records kept as GitHub Actions variables of one repository (the one running the workflow), through
// the variable-backed store (variable-store.ts): readable by the next run, written with the same
// token (it needs the Variables permission), and there on github.com and GitHub Enterprise Server
// alike. https://docs.github.com/rest/actions/variables

import { INVALID_GITHUB_CREDENTIAL } from '../github-client/errors.js';
import { option } from '../option-names.js';
import { describeGiveUp, rateLimitOf, rateLimitOutcomeOf } from '../github-client/rate-limit.js';
import type { GitHubClient } from '../github-client/octokit.js';
import { writeRecordText } from './format.js';
import { PART_BYTES, REPOSITORY_VARIABLE_LIMIT, splitRecordText } from './parts.js';
import type { TargetRecord } from './target-record.js';
import { RECORD_PREFIX } from './variable-names.js';
import { RecordError, type VariableRecordStore, variableRecordStore } from './variable-store.js';

export { RECORD_BUDGET_BYTES, RecordError, recordBytes, variableOf } from './variable-store.js';

const ROUTE = '/repos/{owner}/{repo}/actions/variables';

/**
 * A page of the listing, which must list variables: any other answer (a 200 whose body is an
 * error, say) fails the read, or the run would take the record for absent and forget its targets.
 */
function listedVariables(response: { status: number; data: unknown }): Array<{ name: string; value: string; updatedAt?: string }> {
  const { data } = response;
  if (Array.isArray(data) && data.every((v) => typeof v?.name === 'string' && typeof v.value === 'string')) {
    return data.map((v) => ({ name: v.name, value: v.value, ...(typeof v.updated_at === 'string' && { updatedAt: v.updated_at }) }));
  }
  throw Object.assign(new Error('the listing of variables holds no variables'), { status: response.status, response });
}

export const RECORD_PERMISSIONS =
  'a fine-grained token with the repository permission Variables: Read and write, a GitHub App with `actions_variables` write, ' +
  'or a classic token with the `repo` scope';

/** The variables a record takes: its head and its parts. */
export function variablesNeeded(record: TargetRecord): number {
  const text = writeRecordText(record);
  return 1 + splitRecordText(text, { keyturn: 0, family: '', secret: '', kind: undefined }, 'A').parts.length;
}

export type GitHubVariableStore = VariableRecordStore;

export function githubVariableStore(octokit: GitHubClient, repository: string): GitHubVariableStore {
  const [owner = '', repo = ''] = repository.split('/');
  const place = `the variables of ${repository}`;
  const status = (error: unknown) => (error as { status?: number }).status;

  const failure = (error: unknown, what: string, existingCount: number, variable?: string): RecordError => {
    const limit = rateLimitOf(error);
    if (limit) {
      const outcome = rateLimitOutcomeOf(error);
      return new RecordError(
        `${what} ${place} was rate-limited by GitHub (${outcome ? describeGiveUp(outcome) : 'not retried'})`,
        `Run again in ${Math.max(1, Math.ceil(limit.waitSeconds / 60))} minute(s), once the limit resets.`,
        status(error),
      );
    }
    const reason = githubReason(error);
    const code = status(error);
    const answer =
      code === undefined || code >= 500
        ? `no answer or a failure from GitHub (${code ?? 'no status'})`
        : `GitHub answered ${code}${reason ? `: "${reason}"` : ''}`;
    let advice: string;
    if (code === 401) advice = INVALID_GITHUB_CREDENTIAL;
    else if (code === 403 || code === 404) {
      advice =
        `The rotation records which targets hold the family's keys in ${place}, so that a target dropped from the list is never ` +
        `locked out: give the token ${RECORD_PERMISSIONS} on ${repository}.`;
    } else if (code === 422) advice = refusalAdvice(reason, variable, existingCount);
    else advice = 'Run again; check https://www.githubstatus.com (or your GitHub Enterprise Server) if it keeps failing.';
    return new RecordError(`${what} ${place} failed: ${answer}`, advice, code);
  };

  /** GitHub refused the value or the variable: the advice fits what it said. */
  const refusalAdvice = (reason: string, variable: string | undefined, existingCount: number): string => {
    if (/limit|maximum|too many/i.test(reason) && !/size|KB|bytes|large/i.test(reason)) {
      return (
        `GitHub allows ${REPOSITORY_VARIABLE_LIMIT} variables a repository (${repository} held ${existingCount} when this run ` +
        `read them). ${FREE_VARIABLES(repository)}`
      );
    }
    if (/size|KB|bytes|large/i.test(reason)) {
      return (
        `The record in ${variable ?? 'its variable'} is too big for GitHub. Retire the targets no longer rotated ` +
        `(${option('retireTargets')}), or rotate the targets as several families (${option('family')}), then run again.`
      );
    }
    return (
      `Check the variable ${variable ?? `${RECORD_PREFIX}…`} in ${repository}: GitHub refused it as written. Run again once the ` +
      `cause GitHub names is fixed.`
    );
  };

  return variableRecordStore({
    place,
    partBytes: PART_BYTES,
    limit: { count: REPOSITORY_VARIABLE_LIMIT, holder: repository, service: 'GitHub', advice: FREE_VARIABLES(repository) },
    list: () => octokit.paginate(`GET ${ROUTE}`, { owner, repo, per_page: 30 }, listedVariables),
    create: async (name, value) => void (await octokit.request(`POST ${ROUTE}`, { owner, repo, name, value })),
    read: async (name) => {
      const { data } = await octokit.request(`GET ${ROUTE}/{name}`, { owner, repo, name });
      return typeof (data as { value?: unknown }).value === 'string' ? (data as { value: string }).value : '';
    },
    update: async (name, value) => void (await octokit.request(`PATCH ${ROUTE}/{name}`, { owner, repo, name, value })),
    remove: async (name) => void (await octokit.request(`DELETE ${ROUTE}/{name}`, { owner, repo, name })),
    removeOnce: async (name) => void (await octokit.request(`DELETE ${ROUTE}/{name}`, { owner, repo, name, request: { retries: 0 } })),
    isConflict: (error) => status(error) === 409,
    isMissing: (error) => status(error) === 404,
    failure,
  });
}

/** What to do when a repository holds as many variables as GitHub allows. */
function FREE_VARIABLES(repository: string): string {
  return (
    `Delete variables of ${repository} that no workflow uses (Settings > Secrets and variables > Actions > Variables), or keep ` +
    `the record in another repository, then run again.`
  );
}

/** What GitHub said about a refused request, without its documentation link. */
function githubReason(error: unknown): string {
  const data = (error as { response?: { data?: unknown } }).response?.data;
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  if (typeof message === 'string') return message.replace(/\s+/g, ' ').trim().slice(0, 300);
  return '';
}

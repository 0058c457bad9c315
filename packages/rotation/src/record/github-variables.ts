// Records kept as GitHub Actions variables of one repository (the one running the workflow), one
// variable per family: readable by the next run, written with the same token (it needs the
// Variables permission), and there on github.com and GitHub Enterprise Server alike.
// https://docs.github.com/rest/actions/variables

import { createHash } from 'node:crypto';
import { INVALID_GITHUB_CREDENTIAL } from '../github-client/errors.js';
import { describeGiveUp, rateLimitOf, rateLimitOutcomeOf } from '../github-client/rate-limit.js';
import type { GitHubClient } from '../github-client/octokit.js';
import { formatRecord, parseRecord, type RecordStore, type TargetRecord } from './target-record.js';

const PREFIX = 'KEYTURN_RECORD_';
const ROUTE = '/repos/{owner}/{repo}/actions/variables';

export const RECORD_PERMISSIONS =
  'a fine-grained token with the repository permission Variables: Read and write, a GitHub App with `actions_variables` write, or a classic token with the `repo` scope';

/** A record store failure: what happened and what to do. Never holds a credential. */
export class RecordError extends Error {
  override name = 'RecordError';
  constructor(
    message: string,
    readonly advice: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/** The variable that holds a family's record: a hash of the exact family, as names are case-folded. */
export function recordVariableName(family: string): string {
  return `${PREFIX}${createHash('sha256').update(family).digest('hex').slice(0, 20).toUpperCase()}`;
}

export function githubVariableStore(octokit: GitHubClient, repository: string): RecordStore {
  const [owner = '', repo = ''] = repository.split('/');
  const place = `the variables of ${repository}`;
  const existing = new Set<string>();

  const failure = (error: unknown, what: string): RecordError => {
    const status = (error as { status?: number }).status;
    const limit = rateLimitOf(error);
    if (limit) {
      const outcome = rateLimitOutcomeOf(error);
      return new RecordError(
        `${what} ${place} was rate-limited by GitHub (${outcome ? describeGiveUp(outcome) : 'not retried'})`,
        `Run again in ${Math.max(1, Math.ceil(limit.waitSeconds / 60))} minute(s), once the limit resets.`,
        status,
      );
    }
    const answer = status === undefined || status >= 500 ? `no answer or a failure from GitHub (${status ?? 'no status'})` : `GitHub answered ${status}`;
    const advice =
      status === 401
        ? INVALID_GITHUB_CREDENTIAL
        : status === 403 || status === 404
          ? `The rotation records which targets hold the family's keys in ${place}, so that a target dropped from the list is never locked out: give the token ${RECORD_PERMISSIONS} on ${repository}.`
          : 'Run again; check https://www.githubstatus.com (or your GitHub Enterprise Server) if it keeps failing.';
    return new RecordError(`${what} ${place} failed: ${answer}`, advice, status);
  };

  return {
    describe: () => place,
    async load() {
      let variables: Array<{ name: string; value: string }>;
      try {
        variables = (await octokit.paginate(`GET ${ROUTE}`, { owner, repo, per_page: 30 })) as Array<{ name: string; value: string }>;
      } catch (error) {
        throw failure(error, 'Reading');
      }
      const records: TargetRecord[] = [];
      for (const variable of variables) {
        if (!variable.name?.toUpperCase().startsWith(PREFIX)) continue;
        existing.add(variable.name.toUpperCase());
        const record = parseRecord(variable.value ?? '');
        if (record && recordVariableName(record.family) === variable.name.toUpperCase()) records.push(record);
      }
      return records;
    },
    async save(record) {
      const name = recordVariableName(record.family);
      const value = formatRecord(record);
      const update = () => octokit.request(`PATCH ${ROUTE}/{name}`, { owner, repo, name, value });
      const create = () => octokit.request(`POST ${ROUTE}`, { owner, repo, name, value });
      try {
        // Created when the load did not see it; a 409 (created meanwhile, or a create whose reply
        // was lost and retried) or a 404 (deleted meanwhile) switches to the other request.
        if (existing.has(name)) await update().catch((error) => (error.status === 404 ? create() : Promise.reject(error)));
        else await create().catch((error) => (error.status === 409 ? update() : Promise.reject(error)));
        existing.add(name);
      } catch (error) {
        throw failure(error, 'Writing the record of which targets hold the keys to');
      }
    },
    async remove(family) {
      const name = recordVariableName(family);
      try {
        await octokit.request(`DELETE ${ROUTE}/{name}`, { owner, repo, name });
      } catch (error) {
        // Already gone (an earlier attempt whose reply was lost) is what was wanted.
        if ((error as { status?: number }).status !== 404) throw failure(error, `Deleting the record of family ${family} from`);
      }
      existing.delete(name);
    },
  };
}

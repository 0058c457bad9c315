// Records kept as GitHub Actions variables of one repository (the one running the workflow), one
// per family and kind of key (variable-names.ts), a big one spread over parts (parts.ts): readable
// by the next run, written with the same token (it needs the Variables permission), and there on
// github.com and GitHub Enterprise Server alike. https://docs.github.com/rest/actions/variables

import { INVALID_GITHUB_CREDENTIAL } from '../github-client/errors.js';
import { option } from '../option-names.js';
import { describeGiveUp, rateLimitOf, rateLimitOutcomeOf } from '../github-client/rate-limit.js';
import type { GitHubClient } from '../github-client/octokit.js';
import { mutant } from '../internal/mutants.js';
import { readRecordText, writeRecordText } from './format.js';
import { joinRecordText, MAX_PARTS, PART_BYTES, REPOSITORY_VARIABLE_LIMIT, readSplitHead, splitRecordText } from './parts.js';
import type { LoadedRecords, RecordStore, TargetRecord, UnreadableRecord } from './target-record.js';
import { legacyVariableName, type PartSlot, parsePartName, RECORD_PREFIX, partVariableName, recordVariableName } from './variable-names.js';

const ROUTE = '/repos/{owner}/{repo}/actions/variables';

/**
 * A page of the listing, which must list variables: any other answer (a 200 whose body is an
 * error, say) fails the read, or the run would take the record for absent and forget its targets.
 */
function listedVariables(response: { status: number; data: unknown }): Array<{ name: string; value: string }> {
  const { data } = response;
  if (Array.isArray(data) && data.every((v) => typeof v?.name === 'string' && typeof v.value === 'string')) return data;
  throw Object.assign(new Error('the listing of variables holds no variables'), { status: response.status, response });
}

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

/** The variable that holds a record (the record's kind is set before it is saved). */
export function variableOf(record: TargetRecord): string {
  return record.keyKind === undefined ? legacyVariableName(record.family) : recordVariableName(record.family, record.keyKind);
}

/** The variables a record takes: its head and its parts. */
export function variablesNeeded(record: TargetRecord): number {
  const text = writeRecordText(record);
  return 1 + splitRecordText(text, { keyturn: 0, family: '', secret: '', kind: undefined }, 'A').parts.length;
}

/** The size of a record's text, in bytes, against its budget (MAX_PARTS × PART_BYTES). */
export function recordBytes(record: TargetRecord): number {
  return Buffer.byteLength(writeRecordText(record), 'utf8');
}

export const RECORD_BUDGET_BYTES = MAX_PARTS * PART_BYTES;

export interface GitHubVariableStore extends RecordStore {
  /** Variables the repository holds (all of them, as the last load saw), against GitHub's limit. */
  variableCount(): number;
}

export function githubVariableStore(octokit: GitHubClient, repository: string): GitHubVariableStore {
  const [owner = '', repo = ''] = repository.split('/');
  const place = `the variables of ${repository}`;
  /** Every variable name of the repository (upper-case), as loaded and written since. */
  const existing = new Set<string>();
  /** The slot each head's parts are in now. */
  const slots = new Map<string, PartSlot>();

  const failure = (error: unknown, what: string, variable?: string): RecordError => {
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
    const reason = githubReason(error);
    const answer =
      status === undefined || status >= 500
        ? `no answer or a failure from GitHub (${status ?? 'no status'})`
        : `GitHub answered ${status}${reason ? `: "${reason}"` : ''}`;
    let advice: string;
    if (status === 401) advice = INVALID_GITHUB_CREDENTIAL;
    else if (status === 403 || status === 404) {
      advice = `The rotation records which targets hold the family's keys in ${place}, so that a target dropped from the list is never locked out: give the token ${RECORD_PERMISSIONS} on ${repository}.`;
    } else if (status === 422) advice = refusalAdvice(reason, variable);
    else advice = 'Run again; check https://www.githubstatus.com (or your GitHub Enterprise Server) if it keeps failing.';
    return new RecordError(`${what} ${place} failed: ${answer}`, advice, status);
  };

  /** GitHub refused the value or the variable: the advice fits what it said. */
  const refusalAdvice = (reason: string, variable: string | undefined): string => {
    if (/limit|maximum|too many/i.test(reason) && !/size|KB|bytes|large/i.test(reason)) {
      return `GitHub allows ${REPOSITORY_VARIABLE_LIMIT} variables a repository (${repository} held ${existing.size} when this run read them). Delete variables of ${repository} that no workflow uses (Settings > Secrets and variables > Actions > Variables), or keep the record in another repository, then run again.`;
    }
    if (/size|KB|bytes|large/i.test(reason)) {
      return `The record in ${variable ?? 'its variable'} is too big for GitHub. Retire the targets no longer rotated (${option('retireTargets')}), or rotate the targets as several families (${option('family')}), then run again.`;
    }
    return `Check the variable ${variable ?? `${RECORD_PREFIX}…`} in ${repository}: GitHub refused it as written. Run again once the cause GitHub names is fixed.`;
  };

  const put = async (name: string, value: string) => {
    const update = () => octokit.request(`PATCH ${ROUTE}/{name}`, { owner, repo, name, value });
    const create = () => octokit.request(`POST ${ROUTE}`, { owner, repo, name, value });
    try {
      // Created when the load did not see it; a 409 (created meanwhile, or a create whose reply
      // was lost and retried) or a 404 (deleted meanwhile) switches to the other request.
      if (existing.has(name)) await update().catch((error) => (error.status === 404 ? create() : Promise.reject(error)));
      else await create().catch((error) => (error.status === 409 ? update() : Promise.reject(error)));
      existing.add(name);
    } catch (error) {
      throw failure(error, `Writing the record of which targets hold the keys (${name}) to`, name);
    }
  };

  const drop = async (name: string, what: string) => {
    try {
      await octokit.request(`DELETE ${ROUTE}/{name}`, { owner, repo, name });
    } catch (error) {
      // Already gone (an earlier attempt whose reply was lost) is what was wanted.
      if ((error as { status?: number }).status !== 404) throw failure(error, what);
    }
    existing.delete(name);
  };

  const partsOf = (head: string) => [...existing].filter((name) => parsePartName(name)?.head === head);

  return {
    describe: () => place,
    variableCount: () => existing.size,
    async load(): Promise<LoadedRecords> {
      let variables: Array<{ name: string; value: string }>;
      try {
        variables = await octokit.paginate(`GET ${ROUTE}`, { owner, repo, per_page: 30 }, listedVariables);
      } catch (error) {
        throw failure(error, 'Reading');
      }
      const values = new Map<string, string>();
      for (const variable of variables) {
        const name = variable.name?.toUpperCase() ?? '';
        existing.add(name);
        if (name.startsWith(RECORD_PREFIX)) values.set(name, variable.value ?? '');
      }
      const records: Array<{ name: string; record: TargetRecord }> = [];
      const unreadable: UnreadableRecord[] = [];
      for (const [name, value] of values) {
        if (parsePartName(name)) continue;
        const split = readSplitHead(value);
        let text = value;
        if (split) {
          slots.set(name, split.parts.slot);
          const parts = Array.from({ length: split.parts.count }, (_, i) => values.get(partVariableName(name, split.parts.slot, i + 1)));
          const joined = joinRecordText(split, parts);
          if ('detail' in joined) {
            unreadable.push({ name, family: split.family, problem: 'unparsable', detail: joined.detail });
            continue;
          }
          text = joined.text;
        }
        const read = readRecordText(text);
        if ((read.kind === 'newer' && mutant('newer-record-absent')) || (read.kind === 'unparsable' && mutant('unparsable-record-absent'))) continue;
        if (read.kind === 'newer') unreadable.push({ name, family: read.family, problem: 'newer', format: read.format, detail: `format ${read.format}` });
        else if (read.kind === 'unparsable') unreadable.push({ name, problem: 'unparsable', detail: read.detail });
        else if (variableOf(read.record) !== name) {
          unreadable.push({ name, family: read.record.family, problem: 'unparsable', detail: `it holds the record of family ${read.record.family}, whose variable is ${variableOf(read.record)} (copied by hand?)` });
        } else records.push({ name, record: read.record });
      }
      // A record moved from its format-1 variable, whose old variable a crash left: the new one holds it.
      const moved = new Set(records.filter((r) => r.record.keyKind !== undefined).map((r) => r.record.family));
      return { records: records.filter((r) => r.record.keyKind !== undefined || !moved.has(r.record.family)).map((r) => r.record), unreadable };
    },
    async save(record, replacing = []) {
      if (record.keyKind === undefined) throw new Error('a record is saved with its kind of key');
      const name = variableOf(record);
      const text = writeRecordText(record);
      const slot: PartSlot = slots.get(name) === 'A' ? 'B' : 'A';
      const split = splitRecordText(text, { keyturn: 2, family: record.family, secret: record.secretName, kind: record.keyKind }, slot);
      if (split.parts.length > MAX_PARTS) {
        throw new RecordError(
          `The record of family ${record.family} would take ${Buffer.byteLength(text, 'utf8')} bytes, more than its budget of ${RECORD_BUDGET_BYTES}`,
          `Retire the targets no longer rotated (${option('retireTargets')}), or rotate the targets as several families (${option('family')}), then run again.`,
          undefined,
        );
      }
      const names = [...split.parts.map((_, i) => partVariableName(name, slot, i + 1)), name];
      const added = names.filter((n) => !existing.has(n)).length;
      if (existing.size + added > REPOSITORY_VARIABLE_LIMIT) {
        throw new RecordError(
          `Writing the record of family ${record.family} to ${place} needs ${added} more variable(s), and ${repository} holds ${existing.size} of the ${REPOSITORY_VARIABLE_LIMIT} GitHub allows`,
          `Delete variables of ${repository} that no workflow uses (Settings > Secrets and variables > Actions > Variables), or keep the record in another repository, then run again.`,
          undefined,
        );
      }
      // Parts first, then the head (which names them): a crash in between leaves the old head whole.
      for (const [index, part] of split.parts.entries()) await put(partVariableName(name, slot, index + 1), part);
      await put(name, split.head);
      slots.set(name, slot);
      const stale = partsOf(name).filter((part) => !names.includes(part));
      const legacy = legacyVariableName(record.family);
      const gone = [...stale, ...(existing.has(legacy) && legacy !== name ? [legacy] : []), ...replacing.filter((n) => n !== name && existing.has(n))];
      // Left behind on failure: harmless (the head names its parts; the new record is read first).
      for (const old of gone) await drop(old, `Deleting ${old} from`).catch(() => undefined);
    },
    async remove(record) {
      const name = variableOf(record);
      for (const old of [...partsOf(name), name, legacyVariableName(record.family)]) {
        if (old === name || existing.has(old)) await drop(old, `Deleting the record of family ${record.family} (${old}) from`);
      }
    },
  };
}

/** What GitHub said about a refused request, without its documentation link. */
function githubReason(error: unknown): string {
  const data = (error as { response?: { data?: unknown } }).response?.data;
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  if (typeof message === 'string') return message.replace(/\s+/g, ' ').trim().slice(0, 300);
  return '';
}

// Where the run keeps its target record, and the lease kept beside it: checked as check-options.ts
// checks every option, building nothing.

import { OptionError } from '@keyturn/api';
import type { CheckedOptions } from './check-options.js';
import { DEFAULT_LEASE_TIMINGS, type LeaseTimings } from './lease/lease-backend.js';
import type { RotateKeyOptions, RunSettings } from './options.js';
import { reachedThrough, type TargetSpec } from './targets/kinds/registry.js';
import { parseTargetSpecs } from './targets/spec.js';

/** The record's store: a repository's variables (through `github`) or the caller's store; none unless given. */
export function checkRecord(options: RotateKeyOptions): CheckedOptions['record'] {
  const { record } = options;
  if (record === undefined || record === false) return undefined;
  if (typeof record !== 'object' || record === null) {
    throw new OptionError(
      'record',
      "record must be { repository: 'OWNER/REPO' }, { gitlab: 'GROUP/PROJECT' }, a RecordStore, or left out (no record)",
    );
  }
  if ('load' in record) return record;
  if ('gitlab' in record) {
    const project = record.gitlab;
    // A project's full path (subgroups allowed) or its numeric id (CI_PROJECT_ID in a GitLab pipeline).
    const parsed = typeof project === 'string' ? parseOptional(`gitlab:${project}`) : undefined;
    // `gitlab:PROJECT` parses to a project's spec or to nothing; a scope would name one variable, not a project.
    if (!parsed || !reachedThrough('gitlab')(parsed) || 'environmentScope' in parsed) {
      throw new OptionError(
        'record.gitlab',
        `record.gitlab must be a GitLab project's path (GROUP/PROJECT) or numeric id, not ${JSON.stringify(project)}`,
      );
    }
    return { gitlab: project as string };
  }
  const { repository } = record;
  if (typeof repository !== 'string' || !/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repository)) {
    throw new OptionError('record.repository', `record.repository must be OWNER/REPO, not ${JSON.stringify(repository)}`);
  }
  return { repository };
}

/**
 * The lease (lease/): kept where the record is, so a run without a record store that offers one
 * (none at all, or a store of the caller's without `lease`) is refused unless the caller opts out.
 * A dry run writes nothing and takes none.
 */
export function checkLease(options: RotateKeyOptions, record: CheckedOptions['record']): RunSettings['lease'] {
  const { lease } = options;
  if (lease === false) return false;
  if (lease !== undefined && (typeof lease !== 'object' || lease === null))
    throw new OptionError('lease', 'lease must be false or an object: { holder?, waitMs? }');
  const timings = { ...DEFAULT_LEASE_TIMINGS };
  for (const name of Object.keys(DEFAULT_LEASE_TIMINGS) as Array<keyof LeaseTimings>) {
    const ms = lease?.[name] ?? timings[name];
    if (!(Number.isFinite(ms) && ms >= 0))
      throw new OptionError(`lease.${name}`, `lease.${name} must be a number of milliseconds of at least 0, not ${ms}`);
    timings[name] = ms;
  }
  const holder = lease?.holder ?? 'a keyturn run';
  if (typeof holder !== 'string' || !holder.trim())
    throw new OptionError('lease.holder', 'lease.holder must be text that names the run (its URL, say)');
  const offersLease = record !== undefined && (!('load' in record) || record.lease !== undefined);
  if (!offersLease && options.dryRun !== true) {
    throw new OptionError(
      'lease',
      record === undefined
        ? 'no record store is given, so no lease keeps two runs of the family apart: give `record` (a repository or GitLab ' +
            'project), or, if every run of this family is in one concurrency group, opt out of the lease (`lease`)'
        : 'the record store given offers no lease (no create that fails when the name exists), so nothing keeps two runs of the ' +
            'family apart: give a store that offers one, or, if every run of this family is in one concurrency group, opt out of the ' +
            'lease (`lease`)',
    );
  }
  return { holder: holder.trim(), timings };
}

/** The one spec `text` names, or undefined when it is not a spec. */
function parseOptional(text: string): TargetSpec | undefined {
  try {
    const specs = parseTargetSpecs(text);
    return specs.length === 1 ? specs[0] : undefined;
  } catch {
    return undefined;
  }
}

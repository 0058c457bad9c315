// `keyturn audit --org ORG` / `--gitlab-group GROUP`: read-only. Every copy of the secrets --match
// names in a GitHub organization (its and its repositories' Actions, environment, Dependabot and
// Codespaces secrets) and a GitLab group (its and its projects' CI/CD variables), with when each last
// changed and never a value, joined with the target records: the copies no record names (a key nobody
// will rotate or revoke) and the managed ones changed after their record's last write (by hand) are
// flagged, exit 5. Progress on stderr; with --resume FILE a cut run goes on where it stopped.

import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import {
  DEFAULT_SECRET_NAME,
  type InventoriedCopy,
  type InventoryCheckpoint,
  type InventoryReport,
  inventoryCopies,
  inventorySources,
  namePatternProblem,
  readCheckpoint,
} from '@keyturn/rotation';
import { InputError, parseDuration } from '@keyturn/api/values';
import { countNoun } from '@keyturn/api/toolkit';
import { CliError } from '../cli-error.js';
import { githubClient, gitlabClient, recordStore } from '../clients.js';
import type { CommandContext } from '../command-context.js';
import { EXIT } from '../exit-codes.js';
import { renderTable, writeResult } from '../output.js';
import { recordFailure } from '../record-failure.js';
import { SettingReader } from '../setting-reader.js';

/** Why a copy is flagged. */
type CopyFlag = 'unmanaged' | 'edited-since';

const FLAG_WORDS: Record<CopyFlag, string> = {
  unmanaged: "no record names it: a key nobody will rotate or revoke (retire it, or add its place to a rotation's targets)",
  'edited-since':
    "changed after its record's last write: written by hand since (or by a rotation that stopped before it; run the rotation again)",
};

/** A GitHub organization login; a GitLab group path (subgroups with `/`) or id. */
const ORG = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const GROUP = /^(?:[1-9]\d{0,18}|[A-Za-z0-9_][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*)$/;

/** A rate limit resetting later than this is not waited for: the run stops, and --resume goes on after it. */
const MAX_RATE_LIMIT_WAIT_MS = 15 * 60_000;
/** How often (in places listed) a progress line is written. */
const PROGRESS_EVERY = 25;

export async function runCopiesAudit(ctx: CommandContext): Promise<void> {
  const reader = new SettingReader(ctx.settings);
  for (const name of ['org-id', 'max-age'] as const) {
    const given = ctx.settings.get(name);
    if (given)
      reader.mistakes.push(`${given.where} is for the audit of keys, not of copies (--org, --gitlab-group): run them as two audits`);
  }
  const org = reader.read('org', (g) => {
    if (!ORG.test(g.text)) throw new InputError(g.where, 'is not a GitHub organization login (letters, digits and hyphens, e.g. acme)');
    return g.text;
  });
  const group = reader.read('gitlab-group', (g) => {
    if (!GROUP.test(g.text)) throw new InputError(g.where, 'is not a GitLab group path or id (e.g. acme or acme/platform)');
    return g.text;
  });
  const patterns = reader.read('match', (g) => {
    const problems = g.items.map((item) => [item, namePatternProblem(item)] as const).filter(([, p]) => p);
    if (problems.length) throw new InputError(g.where, problems.map(([, p]) => p).join('; '));
    return g.items;
  });
  const secretName = reader.read('secret-name', (g) => {
    const problem =
      namePatternProblem(g.text) ?? (/[*?]/.test(g.text) ? 'is a secret name, not a glob: give a glob with --match' : undefined);
    if (problem) throw new InputError(g.where, problem);
    return g.text;
  });
  const resume = reader.read('resume', (g) => g.text);
  const readIntervalMs = reader.read('read-interval', (g) => parseDuration(g.where, g.text, { minMs: 0, maxMs: 60_000 }));
  const store = recordStore(ctx, reader);
  const rateLog = (line: string) => ctx.progress.line(line);
  const github =
    org === undefined
      ? undefined
      : githubClient(ctx, reader, `can read the secrets of ${org} and its repositories`, {
          maxRateLimitWaitMs: MAX_RATE_LIMIT_WAIT_MS,
          log: rateLog,
        });
  const gitlab =
    group === undefined
      ? undefined
      : gitlabClient(
          ctx,
          reader,
          `can read the CI/CD variables of ${group} and its projects (Owner of the group, Maintainer of the projects)`,
        );
  reader.check();

  ctx.progress.update(`Reading the target records from ${store!.describe()}`);
  const { records, unreadable: unreadableRecords } = await store!.load().catch(recordFailure);
  for (const u of unreadableRecords)
    ctx.progress.line(`the record ${u.name} cannot be read (${u.detail}): copies it may name are flagged as unmanaged`, 'warning');
  // Without --match: the names the rotations write, and the default one.
  const match =
    patterns ?? (secretName ? [secretName] : [...new Set([...records.map((r) => r.secretName.toUpperCase()), DEFAULT_SECRET_NAME])].sort());
  const sources = inventorySources({
    github: github && { client: github, org: org! },
    gitlab: gitlab && { client: gitlab, group: group! },
  });
  const checkpoint = resume === undefined ? undefined : readResumeFile(resume, match, sources);
  if (checkpoint) {
    const walked = checkpoint.walks.map((w) => `${w.source} ${w.done} of ${w.places?.length ?? '?'} places listed`);
    ctx.progress.line(`Resuming from ${resume}: ${walked.join(', ')}`);
  }

  let report: InventoryReport;
  try {
    report = await inventoryCopies({
      github: github && { client: github, org: org! },
      gitlab: gitlab && { client: gitlab, group: group! },
      match,
      records,
      checkpoint,
      githubReadIntervalMs: readIntervalMs,
      onCheckpoint: resume === undefined ? undefined : (cp) => saveCheckpoint(resume, cp),
      onProgress: ({ source, done, total, place }) => {
        if (done === 1 || done === total || done % PROGRESS_EVERY === 0)
          ctx.progress.update(`Listing ${source}: ${done} of ${total} places (${place})`);
      },
    });
  } catch (error) {
    const how =
      resume === undefined
        ? 'Run again (with --resume FILE, a cut run goes on from where it stopped)'
        : `Run again with --resume ${resume}: it goes on from where this run stopped`;
    throw new CliError(`The inventory stopped: ${(error as Error).message}. ${how}.`);
  }
  if (resume !== undefined) rmSync(resume, { force: true });

  const flagsOf = (copy: InventoriedCopy): CopyFlag[] => [
    ...(copy.families.length === 0 ? ['unmanaged' as const] : []),
    ...(copy.editedSince ? ['edited-since' as const] : []),
  ];
  const copies = report.copies.map((copy) => ({ ...copy, flags: flagsOf(copy) }));
  for (const gap of report.unreadable) ctx.progress.line(`${gap.place} could not be listed: ${gap.advice}`, 'warning');
  const flagged = copies.filter((c) => c.flags.length > 0).length;
  const incomplete = report.unreadable.length > 0;
  ctx.progress.done(
    `${countNoun(copies.length, 'copy', 'copies')} in ${countNoun(report.places, 'place')} (${countNoun(report.requests, 'request')}): ` +
      `${report.unmanaged.length} unmanaged, ${report.editedSince.length} edited since their ` +
      `record${incomplete ? `; ${countNoun(report.unreadable.length, 'listing')} unreadable` : ''}.`,
    flagged === 0 && !incomplete,
  );
  const name = (c: InventoriedCopy) => ({ place: c.place, name: c.name });
  writeResult(
    ctx.format,
    ctx.secrets,
    {
      command: 'audit',
      scope: 'copies',
      store: store!.describe(),
      sources: report.sources,
      match: report.match,
      copies,
      unmanaged: report.unmanaged.map(name),
      editedSince: report.editedSince.map(name),
      unreadable: report.unreadable,
      places: report.places,
      requests: report.requests,
    },
    () => copiesTable(copies, report),
  );
  if (flagged > 0 || incomplete) process.exitCode = EXIT.flagged;
}

/** The checkpoint in `path`, or none when there is no file yet; a file that is not this search's is bad input. */
function readResumeFile(path: string, match: readonly string[], sources: readonly string[]): InventoryCheckpoint | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(
      `--resume ${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): name a file this user can read and write`,
      EXIT.usage,
    );
  }
  const read = readCheckpoint(text, match, sources);
  if ('problem' in read) throw new CliError(`--resume ${path} ${read.problem}`, EXIT.usage);
  return read;
}

/** Written whole or not at all: a run killed mid-write leaves the previous checkpoint. */
function saveCheckpoint(path: string, checkpoint: InventoryCheckpoint): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(checkpoint));
  renameSync(temporary, path);
}

function copiesTable(copies: Array<InventoriedCopy & { flags: CopyFlag[] }>, report: InventoryReport): string {
  const head = `${report.sources.join(', ')}: secrets matching ${report.match.join(', ')}`;
  if (copies.length === 0) return `${head}\nNo copy.`;
  const sorted = [...copies].sort((a, b) => a.place.localeCompare(b.place) || a.name.localeCompare(b.name));
  const table = renderTable(
    ['place', 'secret', 'updated', 'family', 'flags'],
    sorted.map((c) => [c.place, c.name, c.updatedAt ?? 'unknown', c.families.join(', ') || '-', c.flags.join(', ') || '-']),
  );
  const used = new Set(copies.flatMap((c) => c.flags));
  const legend = (Object.keys(FLAG_WORDS) as CopyFlag[]).filter((f) => used.has(f)).map((f) => `${f}: ${FLAG_WORDS[f]}`);
  const gaps = report.unreadable.map((g) => `not listed: ${g.place}: ${g.advice}`);
  return [head, table, ...(legend.length || gaps.length ? [[...legend, ...gaps].join('\n')] : [])].join('\n\n');
}

// With --output json, every exit writes one JSON document (schema/output.schema.json): a command's
// result, or, when the run ends before it has one (bad input, an API error such as a project that
// is not there, an interruption), this `failure` document. A program reading stdout then always has
// something to parse, and `ok: false` says the run failed, as the schema promises.

import type { ExitCode } from './exit-codes.js';

/**
 * Set once the command wrote its result, so the program writes no second document when the run
 * then fails (a rotation's report with `ok: false`). Kept on `process`, not in this module: each
 * command's run is a bundle of its own, with its own copy of this module.
 */
const RESULT_WRITTEN = Symbol.for('keyturn.resultWritten');
const flags = process as unknown as Record<symbol, boolean | undefined>;

export function markResultWritten(): void {
  flags[RESULT_WRITTEN] = true;
}

export function resultWritten(): boolean {
  return flags[RESULT_WRITTEN] === true;
}

/**
 * Whether the command line asks for JSON: read from the words themselves, as a mistake in another
 * flag stops commander before it has read `--output` (the last one wins, as commander reads it).
 */
export function jsonOutputAsked(argv: readonly string[]): boolean {
  let format: string | undefined;
  for (const [i, arg] of argv.entries()) {
    if (arg === '--') break;
    if (arg === '--output') format = argv[i + 1];
    else if (arg.startsWith('--output=')) format = arg.slice('--output='.length);
  }
  return format === 'json';
}

export interface Failure {
  /** The command the line names, or null (none, or one keyturn does not have). */
  command: string | null;
  exitCode: ExitCode;
  /** The error's class (UsageError, NotFoundError, CliError, ...). */
  name: string;
  /** What went wrong and what to do, as on stderr (already scrubbed of credentials). */
  message: string;
  /** Bad input: each mistake on its own (empty for other failures). */
  mistakes: readonly string[];
}

/** The `failure` document (schema: `failure`). */
export function writeFailureDocument(failure: Failure): void {
  const { command, exitCode, name, message, mistakes } = failure;
  const document = { command, ok: false, exitCode, error: { name, message, mistakes: [...mistakes] } };
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
}

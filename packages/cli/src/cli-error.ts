// Errors the CLI ends with: the message is shown on stderr, the code is the exit code. Never holds a
// credential: messages name flags, files and environment variables, not their values.

import { EXIT, type ExitCode } from './exit-codes.js';

export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
  ) {
    super(message);
  }
}

/** Bad input, found before anything is sent: every mistake at once, exit code 2. */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(readonly mistakes: readonly string[]) {
    super(mistakes.length === 1 ? mistakes[0]! : `${mistakes.length} problems:\n${mistakes.map((m) => `  - ${m}`).join('\n')}`, EXIT.usage);
  }
}

/** A CliError of any bundle: each command's run is a file of its own, with its own copy of the class. */
export function isCliError(error: unknown): error is CliError {
  return (
    error instanceof Error &&
    (error.name === 'CliError' || error.name === 'UsageError') &&
    typeof (error as { exitCode?: unknown }).exitCode === 'number'
  );
}

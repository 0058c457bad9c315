// The `keyturn` program: its commands, and the one place errors become exit codes (exit-codes.ts).

import { redactCredentials } from '@keyturn/api/toolkit';
import { Command, CommanderError } from 'commander';
import { isCliError } from './cli-error.js';
import { inCliTerms } from './client-words.js';
import { ACKNOWLEDGE_SUMMARY } from './commands/acknowledge.js';
import { ANSWER_ALERTS_SUMMARY } from './commands/answer-alerts.js';
import { AUDIT_SUMMARY } from './commands/audit.js';
import { FINGERPRINT_SUMMARY } from './commands/fingerprint.js';
import { ROTATE_SUMMARY } from './commands/rotate.js';
import { STATUS_SUMMARY } from './commands/status.js';
import { WAIT_SUMMARY } from './commands/wait.js';
import { EXIT } from './exit-codes.js';
import { type Failure, jsonOutputAsked, resultWritten, writeFailureDocument } from './failure-document.js';
import { requestedCommand } from './requested-command.js';

/** Every command, in the program's help order, with its summary. */
const SUMMARIES = {
  rotate: ROTATE_SUMMARY,
  acknowledge: ACKNOWLEDGE_SUMMARY,
  'answer-alerts': ANSWER_ALERTS_SUMMARY,
  wait: WAIT_SUMMARY,
  status: STATUS_SUMMARY,
  audit: AUDIT_SUMMARY,
  fingerprint: FINGERPRINT_SUMMARY,
};
export type CommandName = keyof typeof SUMMARIES;

/**
 * The declarations a build of the program holds: all of them (dist/main.js), or only the one its
 * entry serves (dist/<command>.entry.js, build.mjs), so a named command loads no other's.
 */
export type Declarations = Partial<Record<CommandName, () => Command>>;

/**
 * The program. Only the command `argv` asks for is declared whole (its options and help): the
 * others by name and summary, all the program's help shows. Start-up is a feature of a CLI.
 */
export function createProgram(version: string, argv: readonly string[], declarations: Declarations): Command {
  const program = new Command('keyturn')
    .description(
      'Rotate a platform API key into GitHub secrets without lock-outs, wait for operations, and read what the target records ' +
        'say.\nCredentials come from the environment (NEON_API_KEY, GITHUB_TOKEN, ...) or a file, never from an argument.',
    )
    .version(version, '-V, --version')
    .addHelpText(
      'after',
      '\nExample:\n  NEON_API_KEY=... GITHUB_TOKEN=... keyturn rotate --target repo:acme/web --record-repo acme/ops\n\nExit ' +
        'codes: 0 done, 1 failed, 2 bad input (nothing changed), 3 an operation failed, 4 timed out, 5 a key flagged by audit, 6 ' +
        'an alert left open, 7 the lease held, 8 the family stuck (keyturn acknowledge), 130 interrupted.',
    )
    .showHelpAfterError('(run with --help for usage)');
  const requested = requestedCommand(argv);
  for (const [name, summary] of Object.entries(SUMMARIES)) {
    const declare = name === requested ? declarations[name as CommandName] : undefined;
    program.addCommand(declare ? declare() : new Command(name).description(summary));
  }
  // Commander's own messages may quote what was typed (an unknown option's value): scrubbed.
  const scrubbed = (write: (text: string) => void) => (text: string) => write(redactCredentials(text));
  const output = { writeErr: scrubbed((t) => process.stderr.write(t)), outputError: scrubbed((t) => process.stderr.write(t)) };
  program.configureOutput(output).exitOverride();
  for (const command of program.commands) command.configureOutput(output).exitOverride();
  return program;
}

/** Runs the program on `argv`; resolves to the exit code. */
export async function run(argv: readonly string[], version: string, declarations: Declarations): Promise<number> {
  try {
    await createProgram(version, argv, declarations).parseAsync(argv as string[]);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    const failure = failureOf(error);
    // --help and --version end with a CommanderError too, of code 0: no failure.
    if (failure === undefined) return EXIT.ok;
    // Commander has said its own message on stderr already.
    if (!(error instanceof CommanderError)) process.stderr.write(`keyturn: ${failure.message}\n`);
    if (jsonOutputAsked(argv) && !resultWritten()) {
      const named = requestedCommand(argv);
      writeFailureDocument({ ...failure, command: named !== undefined && Object.hasOwn(SUMMARIES, named) ? named : null });
    }
    return failure.exitCode;
  }
}

/** What an error ends the run with: its exit code and words (never a credential), or undefined for --help and --version. */
function failureOf(error: unknown): Omit<Failure, 'command'> | undefined {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return undefined;
    const message = redactCredentials(error.message.replace(/^error: /, ''));
    return { exitCode: EXIT.usage, name: 'UsageError', message, mistakes: [message] };
  }
  // A run's errors come from its own bundle (dist/<command>.js), with its own CliError class.
  if (isCliError(error)) {
    const mistakes = (error as { mistakes?: unknown }).mistakes;
    const listed = Array.isArray(mistakes) ? mistakes.map((m) => redactCredentials(String(m))) : [];
    return { exitCode: error.exitCode, name: error.name, message: redactCredentials(error.message), mistakes: listed };
  }
  // An API error (the libraries scrub their messages) or a bug: said, never with a credential.
  const name = error instanceof Error ? error.name : 'Error';
  const message = redactCredentials(inCliTerms(error instanceof Error ? `${error.name}: ${error.message}` : String(error)));
  return { exitCode: EXIT.failed, name, message, mistakes: [] };
}

// The `keyturn` program: its commands, and the one place errors become exit codes (exit-codes.ts).

import { redactCredentials } from '@keyturn/api/toolkit';
import { Command, CommanderError } from 'commander';
import { isCliError } from './cli-error.js';
import { ANSWER_ALERTS_SUMMARY, answerAlertsCommand } from './commands/answer-alerts.js';
import { AUDIT_SUMMARY, auditCommand } from './commands/audit.js';
import { FINGERPRINT_SUMMARY, fingerprintCommand } from './commands/fingerprint.js';
import { ROTATE_SUMMARY, rotateCommand } from './commands/rotate.js';
import { STATUS_SUMMARY, statusCommand } from './commands/status.js';
import { WAIT_SUMMARY, waitCommand } from './commands/wait.js';
import { EXIT } from './exit-codes.js';

const COMMANDS: Record<string, { summary: string; declare: () => Command }> = {
  rotate: { summary: ROTATE_SUMMARY, declare: rotateCommand },
  'answer-alerts': { summary: ANSWER_ALERTS_SUMMARY, declare: answerAlertsCommand },
  wait: { summary: WAIT_SUMMARY, declare: waitCommand },
  status: { summary: STATUS_SUMMARY, declare: statusCommand },
  audit: { summary: AUDIT_SUMMARY, declare: auditCommand },
  fingerprint: { summary: FINGERPRINT_SUMMARY, declare: fingerprintCommand },
};

/** The command `argv` asks for (`keyturn wait ...`, `keyturn help wait`); the program takes no option with a value. */
function requestedCommand(argv: readonly string[]): string | undefined {
  const words = argv.slice(2).filter((arg) => !arg.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

/**
 * The program. Only the command `argv` asks for is declared whole (its options and help): the
 * others by name and summary, all the program's help shows. Start-up is a feature of a CLI.
 */
export function createProgram(version: string, argv: readonly string[] = []): Command {
  const program = new Command('keyturn')
    .description(
      'Rotate a platform API key into GitHub secrets without lock-outs, wait for operations, and read what the target records say.\nCredentials come from the environment (NEON_API_KEY, GITHUB_TOKEN, ...) or a file, never from an argument.',
    )
    .version(version, '-V, --version')
    .addHelpText('after', '\nExample:\n  NEON_API_KEY=... GITHUB_TOKEN=... keyturn rotate --target repo:acme/web --record-repo acme/ops\n\nExit codes: 0 done, 1 failed, 2 bad input (nothing changed), 3 an operation failed, 4 timed out, 5 a key flagged by audit, 6 an alert left open, 130 interrupted.')
    .showHelpAfterError('(run with --help for usage)');
  const requested = requestedCommand(argv);
  for (const [name, { summary, declare }] of Object.entries(COMMANDS)) program.addCommand(name === requested ? declare() : new Command(name).description(summary));
  // Commander's own messages may quote what was typed (an unknown option's value): scrubbed.
  const scrubbed = (write: (text: string) => void) => (text: string) => write(redactCredentials(text));
  const output = { writeErr: scrubbed((t) => process.stderr.write(t)), outputError: scrubbed((t) => process.stderr.write(t)) };
  program.configureOutput(output).exitOverride();
  for (const command of program.commands) command.configureOutput(output).exitOverride();
  return program;
}

/** Runs the program on `argv`; resolves to the exit code. */
export async function run(argv: readonly string[], version: string): Promise<number> {
  try {
    await createProgram(version, argv).parseAsync(argv as string[]);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with a CommanderError too, of code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    // A run's errors come from its own bundle (dist/<command>.js), with its own CliError class.
    if (isCliError(error)) {
      process.stderr.write(`keyturn: ${redactCredentials(error.message)}\n`);
      return error.exitCode;
    }
    // An API error (the libraries scrub their messages) or a bug: said, never with a credential.
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`keyturn: ${redactCredentials(message)}\n`);
    return EXIT.failed;
  }
}

// Credentials (the option catalogue's, @keyturn/rotation/catalogue) come from the environment or
// from a file named by a flag: never from an argument (shell history, `ps`) nor from keyturn.yml,
// and never printed. A file given wins over the
// environment; its trailing newline is dropped (a key saved with `echo`).

import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from './cli-error.js';
import { type CredentialName, catalogueOptions } from '@keyturn/rotation/catalogue';
import { helpOf, optionKey } from './settings.js';

interface CredentialSpec {
  /** The environment variable holding it. */
  env: string;
  /** The flag naming a file that holds it (`--api-key-file <path>`). */
  fileFlag: string;
  help: string;
  /** Kept line by line (a PEM), not as one line. */
  lines: boolean;
}

/** Each credential as the option catalogue spells it: a variable, or a file named by a flag. */
export const CREDENTIALS = Object.fromEntries(
  catalogueOptions().flatMap(({ name, cli, type }) =>
    cli?.file && cli.env ? [[name, { env: cli.env, fileFlag: cli.file, help: helpOf(name), lines: type === 'pem' }] as const] : [],
  ),
) as Record<CredentialName, CredentialSpec>;

export type { CredentialName };

/** Declares the file flag of each credential on `command`. */
export function addCredentialFlags(command: Command, names: readonly CredentialName[]): Command {
  for (const name of names) command.option(CREDENTIALS[name].fileFlag, CREDENTIALS[name].help);
  return command;
}

/** How messages name where a credential comes from: `NEON_API_KEY (or --api-key-file)`. */
export function credentialSource(name: CredentialName): string {
  return `${CREDENTIALS[name].env} (or ${fileFlagOf(name)})`;
}

/** The credential from its file flag, else the environment; undefined when neither gives one. */
export function readCredential(
  name: CredentialName,
  flags: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const flag = fileFlagOf(name);
  const path = flags[optionKey(flag)];
  if (typeof path === 'string') {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new UsageError([
        `${flag} ${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): give the path of a file holding it`,
      ]);
    }
    // A PEM keeps its lines; a key or token is one line.
    const value = CREDENTIALS[name].lines ? text.trim() : text.replace(/\r?\n$/, '').trim();
    if (!value) throw new UsageError([`${flag} ${path}: the file is empty`]);
    return value;
  }
  return env[CREDENTIALS[name].env] || undefined;
}

function fileFlagOf(name: CredentialName): string {
  return CREDENTIALS[name].fileFlag.split(' ')[0]!;
}

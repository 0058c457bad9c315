// Credentials come from the environment or from a file named by a flag: never from an argument
// (shell history, `ps`) nor from keyturn.yml, and never printed. A file given wins over the
// environment; its trailing newline is dropped (a key saved with `echo`).

import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from './cli-error.js';
import { optionKey } from './settings.js';

interface CredentialSpec {
  /** The environment variable holding it. */
  env: string;
  /** The flag naming a file that holds it (`--api-key-file <path>`). */
  fileFlag: string;
  help: string;
}

export const CREDENTIALS = {
  apiKey: { env: 'NEON_API_KEY', fileFlag: '--api-key-file <path>', help: 'a file holding the platform API key (default: NEON_API_KEY)' },
  githubToken: { env: 'GITHUB_TOKEN', fileFlag: '--github-token-file <path>', help: 'a file holding a GitHub token (default: GITHUB_TOKEN)' },
  gitlabToken: {
    env: 'GITLAB_TOKEN',
    fileFlag: '--gitlab-token-file <path>',
    help: 'a file holding a GitLab access token with the api scope, for GitLab targets or record (default: GITLAB_TOKEN)',
  },
  vercelToken: {
    env: 'VERCEL_TOKEN',
    fileFlag: '--vercel-token-file <path>',
    help: "a file holding a Vercel access token whose scope includes the projects' team, for Vercel targets (default: VERCEL_TOKEN)",
  },
  appPrivateKey: {
    env: 'KEYTURN_GITHUB_APP_PRIVATE_KEY',
    fileFlag: '--app-private-key-file <path>',
    help: "the GitHub App's private key (.pem), with --app-id (default: KEYTURN_GITHUB_APP_PRIVATE_KEY)",
  },
  managingApiKey: {
    env: 'KEYTURN_MANAGING_API_KEY',
    fileFlag: '--managing-api-key-file <path>',
    help: 'a file holding the key that manages the rotated kind\'s keys (default: KEYTURN_MANAGING_API_KEY)',
  },
  notifyUrl: {
    env: 'KEYTURN_NOTIFY_URL',
    fileFlag: '--notify-url-file <path>',
    help: 'a file holding a Slack or Teams incoming webhook URL, posted to when the family gets stuck and once a day while it is (default: KEYTURN_NOTIFY_URL)',
  },
} as const satisfies Record<string, CredentialSpec>;

export type CredentialName = keyof typeof CREDENTIALS;

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
export function readCredential(name: CredentialName, flags: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const flag = fileFlagOf(name);
  const path = flags[optionKey(flag)];
  if (typeof path === 'string') {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new UsageError([`${flag} ${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): give the path of a file holding it`]);
    }
    // A PEM keeps its lines; a key or token is one line.
    const value = name === 'appPrivateKey' ? text.trim() : text.replace(/\r?\n$/, '').trim();
    if (!value) throw new UsageError([`${flag} ${path}: the file is empty`]);
    return value;
  }
  return env[CREDENTIALS[name].env] || undefined;
}

function fileFlagOf(name: CredentialName): string {
  return CREDENTIALS[name].fileFlag.split(' ')[0]!;
}

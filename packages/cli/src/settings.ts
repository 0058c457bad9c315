// Every option a command takes from a flag or from keyturn.yml: its flag, its key in keyturn.yml
// (the same name), what it holds. The rotation's come from the option catalogue
// (@keyturn/rotation/catalogue), the other commands' are here. A flag on the command line wins over
// the file. Credentials are not here: credentials.ts reads them from the environment or a file only.

import { type CatalogueKey, catalogueOptions } from '@keyturn/rotation/catalogue';
import type { Command } from 'commander';

type Kind = 'text' | 'list' | 'boolean';

interface SettingSpec {
  /** The flag as commander declares it. A list's flag is singular and repeatable (`--target`). */
  flag: string;
  kind: Kind;
  help: string;
}

/** The settings of the commands other than the rotation's: their flags and keyturn.yml keys. */
const COMMAND_SETTINGS = {
  'operation-ids': {
    flag: '--operation-id <id>',
    kind: 'list',
    help: 'an operation to await, repeatable (default: every pending operation of the project)',
  },
  timeout: { flag: '--timeout <duration>', kind: 'text', help: 'how long to wait in all: seconds (600) or 90s, 10m, 1h (default 10m)' },
  interval: { flag: '--interval <duration>', kind: 'text', help: 'longest time between polls: seconds (5) or 500ms, 10s (default 5s)' },
  family: { flag: '--family <family>', kind: 'text', help: 'only this key family (default: every family the record knows)' },
  'max-age': { flag: '--max-age <days>', kind: 'text', help: 'flag keys older than this many days (e.g. 90)' },
  org: {
    flag: '--org <org>',
    kind: 'text',
    help:
      'audit the copies instead of the keys: every secret of this GitHub organization and its repositories whose name matches ' +
      '(--match), joined with the records',
  },
  'gitlab-group': {
    flag: '--gitlab-group <group>',
    kind: 'text',
    help:
      "audit the copies in this GitLab group: its and its projects' CI/CD variables whose name matches (--match), joined with the " +
      'records (GITLAB_TOKEN)',
  },
  match: {
    flag: '--match <pattern>',
    kind: 'list',
    help:
      'with --org or --gitlab-group: a secret name or glob (NEON*, *_API_KEY), repeatable (default: --secret-name, else every ' +
      'secret name the records name, and NEON_API_KEY)',
  },
  'read-interval': {
    flag: '--read-interval <duration>',
    kind: 'text',
    help:
      "with --org: the least time between two GitHub listings (default 67ms, under GitHub's secondary limit of 900 a minute); " +
      'more on a token other jobs share, less only on a GitHub Enterprise Server without that limit',
  },
  resume: {
    flag: '--resume <file>',
    kind: 'text',
    help:
      'with --org or --gitlab-group: a checkpoint file, saved after every repository or project and removed once done; given ' +
      'again, a cut run goes on from it',
  },
} as const satisfies Record<string, SettingSpec>;

/** Every setting: the rotation's from the option catalogue, and the other commands' own. */
export const SETTINGS: Record<CatalogueKey, SettingSpec> & typeof COMMAND_SETTINGS = { ...catalogueSettings(), ...COMMAND_SETTINGS };

export type SettingName = keyof typeof SETTINGS;

/** The rotation's settings as the option catalogue spells them: each option with a keyturn.yml key. */
function catalogueSettings(): Record<CatalogueKey, SettingSpec> {
  const settings = catalogueOptions().flatMap(({ cli, type }) => {
    if (!cli?.key || !cli.flag) return [];
    const kind: Kind = type === 'targets' || type === 'key-ids' ? 'list' : type === 'boolean' ? 'boolean' : 'text';
    return [[cli.key, { flag: cli.flag, kind, help: helpOf(cli.key) }] as const];
  });
  return Object.fromEntries(settings) as Record<CatalogueKey, SettingSpec>;
}

/** An option's line in `--help`: the catalogue's, with where its value comes from when not given. */
export function helpOf(name: string): string {
  const option = catalogueOptions().find((o) => o.cli?.key === name || o.name === name);
  const cli = option?.cli;
  if (!option || !cli) throw new Error(`${name} is no option of the catalogue`);
  const fallback = [cli.env, option.type === 'boolean' ? undefined : option.default].filter(Boolean);
  return fallback.length ? `${cli.help} (default ${fallback.join(', else ')})` : cli.help;
}

/** Declares each setting's flag on `command`. */
export function addSettings(command: Command, names: readonly SettingName[]): Command {
  for (const name of names) {
    const spec: SettingSpec = SETTINGS[name];
    if (spec.kind === 'list') command.option(spec.flag, spec.help, (value: string, previous: string[] = []) => [...previous, value]);
    else command.option(spec.flag, spec.help);
  }
  return command;
}

/** The flag's name, as messages write it: `--target`. */
export function flagOf(name: SettingName): string {
  return SETTINGS[name].flag.split(' ')[0]!;
}

/** The attribute commander keeps a flag's value under: `--retire-target` is `retireTarget`. */
export function optionKey(flag: string): string {
  return flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

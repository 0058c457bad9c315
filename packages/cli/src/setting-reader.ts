// The settings a command run was given (settings.ts declares them), the flags' over keyturn.yml's,
// and their reading: each parser's mistake is collected with the place it came from.

import type { OptionError } from '@keyturn/api';
import { InputError, optionMistake } from '@keyturn/api/values';
import { UsageError } from './cli-error.js';
import type { ConfigFile } from './config-file.js';
import { flagOf, optionKey, type SettingName } from './settings.js';

/** A setting's value as given, and where (for messages): `--keep`, or `keyturn.yml line 4 (keep)`. */
export interface Given {
  text: string;
  /** A list's items as given (a flag repeated, a YAML list); for a single value, [text]. `text`: them by line. */
  items: string[];
  where: string;
  /** Where each item is, when a file's list gave them (its lines). */
  itemWheres?: string[];
}

/** The settings a command was given, the flags' over keyturn.yml's. */
export class Settings {
  constructor(
    private readonly flags: Record<string, unknown>,
    private readonly config: ConfigFile | undefined,
  ) {}

  /** keyturn.yml's own mistakes (an unknown key, ...), reported with the values' (SettingReader). */
  get configMistakes(): readonly string[] {
    return this.config?.mistakes ?? [];
  }

  get(name: SettingName): Given | undefined {
    const flagValue = this.flags[optionKey(flagOf(name))];
    if (flagValue !== undefined) {
      const items = Array.isArray(flagValue) ? flagValue.map(String) : [String(flagValue)];
      return { text: items.join('\n'), items, where: flagOf(name) };
    }
    const given = this.config?.values.get(name);
    if (!given) return undefined;
    const items = Array.isArray(given.value) ? given.value.map(String) : [String(given.value)];
    return { text: items.join('\n'), items, where: given.where, itemWheres: given.itemWheres };
  }

  /** A boolean setting: a bare flag, or true/false in keyturn.yml. */
  flag(name: SettingName): boolean {
    const given = this.get(name);
    if (!given) return false;
    if (given.text === 'true' || given.text === 'false') return given.text === 'true';
    throw new UsageError([`${given.where}: must be true or false, not '${given.text.slice(0, 20)}'`]);
  }
}

/**
 * Parses each given setting with its parser (the Actions' value parsers: they throw an InputError
 * naming the input, here the setting's place); every mistake is collected, none thrown until
 * `check()`.
 */
export class SettingReader {
  readonly mistakes: string[];
  /** The settings that could not be read. */
  readonly failed = new Set<SettingName>();
  constructor(readonly settings: Settings) {
    this.mistakes = [...settings.configMistakes];
  }

  read<T>(name: SettingName, parse: (given: Given) => T): T | undefined {
    const given = this.settings.get(name);
    if (!given) return undefined;
    try {
      return parse(given);
    } catch (error) {
      this.failed.add(name);
      if (error instanceof InputError) this.mistakes.push(`${given.where} ${error.problem}`);
      else if (error instanceof UsageError) this.mistakes.push(...error.mistakes);
      else throw error;
      return undefined;
    }
  }

  check(): void {
    if (this.mistakes.length) throw new UsageError(this.mistakes);
  }
}

/**
 * A library's OptionError as a mistake of the setting at `where`: `--api-url is invalid: it must use
 * https: ...`, never the library's own name for the option (`baseUrl`). `text`: the value as given,
 * whose echoes are hidden.
 */
export function optionMistakeAt(where: string, error: OptionError, text = ''): string {
  return `${where} ${optionMistake(where, error, text).problem}`;
}

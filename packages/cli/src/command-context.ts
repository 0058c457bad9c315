// What every command's run starts from: its flags, keyturn.yml when there is one (the YAML reader
// is loaded only then, by the loader the declaration passes), and the output streams with the values they must never show.

import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import type { ConfigFile } from './config-file.js';
import { DEFAULT_CONFIG_FILE, type OutputFormat } from './command-settings.js';
import type { ConfigReaderLoader } from './define-command.js';
import { Progress, Secrets } from './output.js';
import { Settings } from './setting-reader.js';
import type { SettingName } from './settings.js';

export interface CommandContext {
  format: OutputFormat;
  flags: Record<string, unknown>;
  settings: Settings;
  secrets: Secrets;
  progress: Progress;
}

/** The context of a command run, keyturn.yml read (only the keys `known` are accepted). */
export async function commandContext(
  command: Command,
  known: readonly SettingName[],
  loadConfigReader: ConfigReaderLoader,
): Promise<CommandContext> {
  const flags = command.opts();
  const named = typeof flags.config === 'string';
  const path = named ? (flags.config as string) : DEFAULT_CONFIG_FILE;
  let config: ConfigFile | undefined;
  if (known.length > 0 && (named || existsSync(path))) config = (await loadConfigReader()).readConfigFile(path, known, named);
  const secrets = new Secrets();
  return { format: flags.output as OutputFormat, flags, settings: new Settings(flags, config), secrets, progress: new Progress(secrets) };
}

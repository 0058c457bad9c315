// A command's declaration: its summary, example, --output, and (when it reads keyturn.yml) --config
// and its settings' flags. Light on purpose: `keyturn --help` loads only this and commander. Each
// command's run (src/run/) comes from the declaration's `loadRun`: by default imported from its own
// file when it runs (dist/main.js); the command's own entry (build.mjs) passes the run it holds.

import { Command, Option } from 'commander';
import { DEFAULT_CONFIG_FILE, OUTPUT_FORMATS } from './command-settings.js';
import { addSettings, type SettingName } from './settings.js';

/**
 * Loads keyturn.yml's reader (and the YAML parser) when a command finds a config file: imported
 * from here, so the build gives it a file of its own that no run loads otherwise.
 */
export const loadConfigReader = () => import('./config-file.js');
export type ConfigReaderLoader = typeof loadConfigReader;

export function defineCommand(name: string, summary: string, example: string, settings: readonly SettingName[]): Command {
  const command = new Command(name)
    .description(summary)
    .addOption(
      new Option('--output <format>', 'json (for programs) or table (for people); the result goes to stdout, progress to stderr')
        .choices(OUTPUT_FORMATS)
        .default('table'),
    )
    .addHelpText('after', `\nExample:\n  ${example.split('\n').join('\n  ')}\n`);
  if (settings.length > 0) {
    command.option('--config <path>', `options from a YAML file (default ./${DEFAULT_CONFIG_FILE} when it exists; flags win)`);
    addSettings(command, settings);
  }
  return command;
}

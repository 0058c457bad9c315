// `keyturn rotate --help` and `keyturn answer-alerts --help` against the option catalogue
// (@keyturn/rotation/catalogue), both ways: every flag the help lists is an option of the
// catalogue (or one every command has), every option of the catalogue with a CLI spelling is
// listed, each with the catalogue's words and its default. The CLI reads its flags from the
// catalogue, so an option added to one and not the other fails here.

import { catalogueOptions, type CatalogueOption } from '@keyturn/rotation/catalogue';
import { describe, expect, it } from 'vitest';
import { keyturn } from './keyturn-process.js';

/** What every command that reads keyturn.yml lists besides its options. */
const EVERY_COMMAND = ['--output <format>', '--config <path>', '-h, --help'];

/** The options `--help` lists: each flag with its description, its wrapped lines joined. */
function listed(help: string): Map<string, string> {
  const lines = help.slice(help.indexOf('\nOptions:\n') + '\nOptions:\n'.length).split('\n');
  const options = new Map<string, string>();
  let flag = '';
  for (const line of lines) {
    const entry = /^ {2}(-\S.*?)(?: {2,}(.*))?$/.exec(line);
    if (entry) {
      flag = entry[1]!.trim();
      options.set(flag, entry[2] ?? '');
    } else if (/^ {4,}\S/.test(line) && flag) options.set(flag, `${options.get(flag)} ${line.trim()}`.trim());
    else if (!line.trim()) flag = '';
  }
  return options;
}

/** An option's line as the catalogue says it: its words, and where its value comes from when not given. */
function expected(option: CatalogueOption): string {
  const cli = option.cli!;
  const fallback = [cli.env, option.type === 'boolean' ? undefined : option.default].filter(Boolean);
  return fallback.length ? `${cli.help} (default ${fallback.join(', else ')})` : cli.help;
}

describe.each([
  ['rotate', 'alerts'],
  ['answer-alerts', 'rotation'],
] as const)('keyturn %s --help and the option catalogue', (command, otherMode) => {
  const options = catalogueOptions().filter((option) => option.cli && option.mode !== otherMode);

  it('lists exactly the catalogue options, each with its words and default', async () => {
    const run = await keyturn([command, '--help']);
    expect(run.code).toBe(0);
    const help = listed(run.stdout);
    const flags = options.map((option) => option.cli!.flag ?? option.cli!.file!);
    expect([...help.keys()].filter((flag) => !EVERY_COMMAND.includes(flag)).sort()).toEqual([...flags].sort());
    for (const option of options) {
      const flag = option.cli!.flag ?? option.cli!.file!;
      // Commander wraps at 80 columns and says a flag's choices or default only where declared.
      expect(help.get(flag)?.replace(/\s+/g, ' '), flag).toBe(expected(option).replace(/\s+/g, ' '));
    }
  });
});

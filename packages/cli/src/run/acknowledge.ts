// `keyturn acknowledge`'s run: @keyturn/rotation's acknowledgeStuck with the settings `rotate` takes
// (they name the family: its targets, secret and record). The result on stdout, never a key value.

import { acknowledgeStuck, RotationError } from '@keyturn/rotation';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { commandContext } from '../command-context.js';
import type { ConfigReaderLoader } from '../define-command.js';
import { ACKNOWLEDGE_SETTINGS } from '../command-settings.js';
import { EXIT } from '../exit-codes.js';
import { renderTable, writeResult } from '../output.js';
import { inCliWords, readRotateSetup } from '../rotate-options.js';
import { rotationLog } from '../rotation-log.js';

export async function runAcknowledge(cmd: Command, loadConfigReader: ConfigReaderLoader): Promise<void> {
  const ctx = await commandContext(cmd, ACKNOWLEDGE_SETTINGS, loadConfigReader);
  const setup = readRotateSetup(ctx.settings, ctx.flags);
  for (const value of setup.credentials) ctx.secrets.add(value);
  for (const note of setup.notes) ctx.progress.line(note, 'warning');
  try {
    const result = await acknowledgeStuck({ ...setup.options, log: rotationLog(ctx.progress) });
    const said = result.acknowledged
      ? `Acknowledged: family ${result.family} (stuck since ${result.acknowledged.since}, ${result.acknowledged.reason}) rotates ` +
        `again at its next run.`
      : 'Nothing to acknowledge: no family of these targets is stuck.';
    ctx.progress.done(said, true);
    const document = {
      command: 'acknowledge',
      ok: true,
      family: result.family,
      acknowledged: result.acknowledged ?? null,
      notices: result.notices,
      warnings: result.warnings.map(inCliWords),
    };
    writeResult(ctx.format, ctx.secrets, document, () =>
      renderTable(
        ['', 'acknowledge'],
        [
          ['family', result.family || 'none'],
          [
            'acknowledged',
            result.acknowledged ? `${result.acknowledged.reason}, stuck since ${result.acknowledged.since}` : 'nothing was stuck',
          ],
        ],
      ),
    );
  } catch (error) {
    if (!(error instanceof RotationError)) throw error;
    ctx.progress.done(`Acknowledging failed (${error.code}).`, false);
    throw new CliError(inCliWords(error.message), error.code === 'lease-held' ? EXIT.leaseHeld : EXIT.failed);
  }
}

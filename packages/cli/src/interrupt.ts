// Ctrl-C or SIGTERM during a run: the signal aborts it (a rotation then stops going forward and
// still leaves every target a working key); a second one ends the process at once.

import { EXIT } from './exit-codes.js';
import { jsonOutputAsked, resultWritten, writeFailureDocument } from './failure-document.js';
import { requestedCommand } from './requested-command.js';

export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    // The exit-code table says 130 for any interruption (a shell would say 143 for SIGTERM).
    if (controller.signal.aborted) {
      if (jsonOutputAsked(process.argv) && !resultWritten()) {
        const message = `${name} again: quit at once; the next run finishes what this one left`;
        writeFailureDocument({
          command: requestedCommand(process.argv) ?? null,
          exitCode: EXIT.interrupted,
          name: 'CliError',
          message,
          mistakes: [],
        });
      }
      process.exit(EXIT.interrupted);
    }
    process.stderr.write(`\n${name}: stopping after leaving every target a working key (again to quit at once)\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

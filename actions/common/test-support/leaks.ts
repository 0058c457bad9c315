// The leak check every end-to-end test runs: with the `::add-mask::` lines dropped (the runner
// consumes them), no key value or token may appear in the log, the outputs or the job summary.

import type { ActionRun } from './run-action.js';

/** Where each secret shows up in what a workflow author sees; empty when nothing leaked. */
export function findLeaks(run: ActionRun, secrets: readonly string[]): string[] {
  const places: Array<[string, string]> = [
    ['stdout', run.visibleStdout],
    ['stderr', run.stderr],
    ['job summary', run.summary],
    ...Object.entries(run.outputs).map(([name, value]): [string, string] => [`output ${name}`, `${name}\n${value}`]),
  ];
  const leaks: string[] = [];
  secrets.forEach((secret, index) => {
    // An empty or tiny "secret" would match anything or nothing: a test bug, not a pass.
    if (secret.length < 8) throw new Error(`secret #${index} is too short to search for (${secret.length} characters)`);
    for (const [place, text] of places) {
      if (text.includes(secret)) leaks.push(`secret #${index} appears in ${place}`);
    }
  });
  return leaks;
}

// The leak check every end-to-end test runs: with the `::add-mask::` lines dropped (the runner
// consumes them), no key value or token may appear in the log, the outputs or the job summary.

import type { ActionRun } from './run-action.js';

function visiblePlaces(run: ActionRun): Array<[string, string]> {
  return [
    ['stdout', run.visibleStdout],
    ['stderr', run.stderr],
    ['job summary', run.summary],
    ...Object.entries(run.outputs).map(([name, value]): [string, string] => [`output ${name}`, `${name}\n${value}`]),
  ];
}

/** Where each secret shows up in what a workflow author sees; empty when nothing leaked. */
export function findLeaks(run: ActionRun, secrets: readonly string[]): string[] {
  const places = visiblePlaces(run);
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

/**
 * Where any `length`-character piece of an unmasked secret shows up (a key pasted into the wrong
 * input is not masked, so even most of it in an error message would give it away).
 */
export function findLeakedPieces(run: ActionRun, secret: string, length = 16): string[] {
  if (secret.length < length) throw new Error(`the secret is shorter than the pieces searched for (${secret.length} < ${length})`);
  const leaks: string[] = [];
  for (const [place, text] of visiblePlaces(run)) {
    for (let start = 0; start + length <= secret.length; start++) {
      if (text.includes(secret.slice(start, start + length))) {
        leaks.push(`characters ${start}-${start + length - 1} of the secret appear in ${place}`);
        break;
      }
    }
  }
  return leaks;
}

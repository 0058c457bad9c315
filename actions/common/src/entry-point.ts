// An Action's entry module runs the Action when the runner executes it (`node dist/index.js`) and
// only exports `run` when imported: @github/local-action imports the entry point and calls run()
// itself, after putting its stand-in for @actions/core in place.

import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** True when the module at `moduleUrl` is the script node was started with. */
export function isEntryPoint(moduleUrl: string, argv: readonly string[] = process.argv): boolean {
  const script = argv[1];
  if (!script) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === moduleUrl;
  } catch {
    return false; // argv[1] names no file (node -e, a REPL): not started as a script
  }
}

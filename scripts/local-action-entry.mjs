// The entry point scripts/local-action.mjs hands @github/local-action in place of the Action's own
// src/index.ts: it runs the Action's run(), then writes the Action's status to a file. local-action's
// stand-in for @actions/core records setFailed in its CoreMeta.exitCode but never exits with it;
// the status goes through a file, not the exit code, as local-action prints a stack on a non-zero one.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Set by scripts/local-action.mjs. */
const NAMES = ['KEYTURN_LOCAL_ACTION_ENTRY', 'KEYTURN_LOCAL_ACTION_CORE_STUB', 'KEYTURN_LOCAL_ACTION_STATUS_FILE'];

export async function run() {
  const [entry, stub, statusFile] = NAMES.map((name) => process.env[name]);
  if (!entry || !stub || !statusFile) throw new Error(`${NAMES.join(', ')} must be set: run this through pnpm local-action`);
  // Imported here, not at the top: local-action puts its stand-ins in place before it calls run().
  const { run: runAction } = await import(pathToFileURL(entry).href);
  // `?__quibbleoriginal`: local-action stubs modules with quibble, which, while stubbing, loads every
  // module afresh under a `?__quibble=` URL; this asks for the instance local-action itself holds.
  const { CoreMeta } = await import(`${pathToFileURL(stub).href}?__quibbleoriginal`);
  await runAction();
  writeFileSync(statusFile, String(CoreMeta.exitCode));
}

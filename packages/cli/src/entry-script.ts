// Runs a named command's entry, dist/keyturn-<command>.js, which build.mjs makes a script (one
// async function) rather than a module, so that it can keep a V8 code cache made after a run. Node's
// compile cache (module.enableCompileCache) stores a module's code as compiled before it runs:
// every function V8 compiles at its first call (commander's parser, the client, the waiter) was
// compiled again at every start, some 3 ms of a `keyturn wait` on Node 24. The cache lives in
// Node's compile cache directory (no cache where Node has none), is written after a run that
// exits 0, and is named after a hash of the entry's text: V8 checks a cache's Node version and
// flags, but of its source only the length.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { debuglog } from 'node:util';
import type { Script } from 'node:vm';

/** `NODE_DEBUG=keyturn` says whether a start took its code from the cache. */
const log = debuglog('keyturn');

/** What build.mjs wraps an entry's bundle in: the module's `import.meta.url`, createRequire and `import()`. */
type EntryFunction = (
  createModuleRequire: typeof createRequire,
  entryUrl: string,
  importModule: (specifier: string) => Promise<unknown>,
) => Promise<void>;

/**
 * Runs the entry script `file` to its end. `cacheName`: the entry's name and its text's hash
 * (build.mjs); `cacheDir`: Node's compile cache directory, or undefined for no cache.
 */
export async function runEntryScript(file: string, cacheName: string, cacheDir: string | undefined): Promise<void> {
  const url = pathToFileURL(file).href;
  // Beside Node's own: a folder per Node version and user, as Node keeps its entries.
  const cacheFile =
    cacheDir === undefined
      ? undefined
      : join(cacheDir, `keyturn-${process.version}-${process.arch}-${process.getuid?.() ?? 0}`, `${cacheName}.v8-cache`);
  const cachedData = cacheFile === undefined ? undefined : readIfThere(cacheFile);
  // node:vm is loaded here, not with the bin: `keyturn --help` runs no script.
  const { Script } = process.getBuiltinModule('node:vm');
  const script = new Script(readFileSync(file, 'utf8'), { filename: file, cachedData });
  if (cacheFile === undefined) log('%s: no code cache (no compile cache directory: Node before 22.1, or NODE_DISABLE_COMPILE_CACHE)', file);
  else if (cachedData !== undefined && !script.cachedDataRejected) log('%s: code cache %s accepted', file, cacheFile);
  else {
    log('%s: code cache %s %s; written after a run that exits 0', file, cacheFile, cachedData === undefined ? 'absent' : 'rejected');
    process.once('exit', (code) => {
      if (code === 0) writeCache(cacheFile, script);
    });
  }
  const start = script.runInThisContext() as EntryFunction;
  await start(createRequire, url, (specifier) => import(new URL(specifier, url).href));
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The cache holds every function compiled by now. A failure to write it costs the next start time, not the run. */
function writeCache(file: string, script: Script): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    // Written aside then renamed: a start running at the same time reads the whole file or none.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, file);
    log('code cache %s written', file);
  } catch (error) {
    rmSync(temporary, { force: true });
    log('code cache %s not written: %s', file, error instanceof Error ? error.message : String(error));
  }
}

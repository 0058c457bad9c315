// Builds an Action into the one file its action.yml runs (dist/index.js), the same bytes on every
// machine: CI rebuilds and fails when the committed bundle differs. Shared by each Action's
// build.mjs (through @keyturn/action-common/build) and the CLI's, which pass their own esbuild.
//
// A module our sources load with a dynamic import() (the proxy support, needed only when the runner
// sets a proxy) is built into a file of its own beside it, with its own copy of what it uses: a chunk
// shared with dist/index.js would be loaded at every start.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Bundled CommonJS dependencies (bottleneck...) call require() on Node built-ins, which esbuild
// routes through `__require`; an ESM bundle has no require of its own, so it gets one when needed.
const REQUIRE_BANNER = [
  "import { createRequire as __keyturnCreateRequire } from 'node:module';",
  'const require = __keyturnCreateRequire(import.meta.url);',
  '',
].join('\n');

// @actions/core imports @actions/http-client, and with it undici (~800 KB), only for getIDToken,
// which no keyturn Action calls. Declared free of side effects, it is dropped while unused (and
// bundled as usual if that ever changes).
const httpClientWithoutSideEffects = {
  name: 'http-client-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^@actions\/http-client(\/|$)/ }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      const { kind, importer, resolveDir } = args;
      const result = await build.resolve(args.path, { kind, importer, resolveDir, pluginData: { resolving: true } });
      return result.errors.length > 0 ? { errors: result.errors } : { path: result.path, sideEffects: false };
    });
  },
};

/**
 * @param {typeof import('esbuild')} esbuild
 * @param {string | URL} actionDirectory the Action's folder (holding src/index.ts)
 * @param {{ write?: boolean, entries?: Array<{ source: string, outfile: string }> }} [options]
 *   write: false returns the files without touching dist/; entries: more self-contained files beside
 *   dist/index.js, each from `source` (module text, resolved from the Action's folder), whose dynamic
 *   import()s are files of their own as index.js's are
 * @returns {Promise<Array<{ path: string, text: string }>>} dist files, paths relative to the Action
 */
export async function buildAction(esbuild, actionDirectory, options = {}) {
  const actionDir = actionDirectory instanceof URL ? fileURLToPath(actionDirectory) : actionDirectory;
  const lazy = new Map();
  const main = await bundleEntry(esbuild, actionDir, 'src/index.ts', 'dist/index.js', [
    httpClientWithoutSideEffects,
    lazyModulesApart(lazy),
  ]);
  const parts = [main];
  for (const { source, outfile } of options.entries ?? []) {
    parts.push(
      await bundleEntry(esbuild, actionDir, { contents: source, resolveDir: actionDir, loader: 'ts' }, outfile, [
        httpClientWithoutSideEffects,
        lazyModulesApart(lazy),
      ]),
    );
  }
  for (const [entry, outfile] of [...lazy].sort(([, a], [, b]) => (a < b ? -1 : 1))) {
    parts.push(await bundleEntry(esbuild, actionDir, entry, outfile, []));
  }
  const bundled = [...new Set(parts.flatMap((part) => part.inputs))];
  const files = [
    ...parts.map(({ path, text }) => ({ path, text })),
    { path: 'dist/licenses.txt', text: licenseNotices(actionDir, bundled) },
  ];
  if (options.write !== false) {
    await mkdir(join(actionDir, 'dist'), { recursive: true });
    for (const file of files) await writeFile(join(actionDir, file.path), file.text);
  }
  return files;
}

/** One self-contained ESM file, and the inputs it holds (for the licence notices); `entry` a path, or esbuild's stdin. */
async function bundleEntry(esbuild, actionDir, entry, outfile, plugins) {
  const result = await esbuild.build({
    absWorkingDir: actionDir,
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: entry }),
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    // Readable diffs of the committed bundle; licences go to dist/licenses.txt instead of comments.
    minify: false,
    legalComments: 'none',
    sourcemap: false,
    // Pure ASCII (other characters escaped): Node decodes a source with any other character into a
    // two-byte string, which takes longer to decode and to parse at every start of the Action.
    charset: 'ascii',
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins,
  });
  const [bundle] = result.outputFiles;
  if (!bundle || result.outputFiles.length !== 1) throw new Error(`esbuild did not produce exactly ${outfile}`);
  const text = asciiComments(bundle.text.includes('__require(') ? `${REQUIRE_BANNER}${bundle.text}` : bundle.text);
  const output = result.metafile.outputs[outfile];
  if (!output) throw new Error(`esbuild metafile lacks ${outfile}: ${Object.keys(result.metafile.outputs)}`);
  // Only what is in the bundle: modules tree-shaken away (bytesInOutput 0) need no notice.
  const inputs = Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
  return { path: outfile, text, inputs };
}

/** A relative dynamic import() stays one at run time, of dist/<its name>.js, built apart (in `lazy`). */
function lazyModulesApart(lazy) {
  return {
    name: 'lazy-modules-apart',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const name = basename(args.path).replace(/\.[cm]?[jt]s$/, '');
        const source = join(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        lazy.set(relative(build.initialOptions.absWorkingDir, source), `dist/${name}.js`);
        return { path: `./${name}.js`, external: true };
      });
    },
  };
}

/**
 * `charset: 'ascii'` escapes every string, regular expression and identifier, but esbuild copies
 * comments as they are: what other characters remain are in comments, and are written as escapes.
 */
function asciiComments(text) {
  return text.replace(/[^\x00-\x7F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The licence of every third-party package bundled, sorted, for the notice MIT and ISC ask for. */
function licenseNotices(actionDir, inputs) {
  const packages = new Map();
  for (const input of inputs) {
    if (!input.includes('node_modules/')) continue; // our own sources: the repository's licence
    const dir = packageDirOf(join(actionDir, input));
    if (!dir || packages.has(dir)) continue;
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const licenseFile = readdirSync(dir)
      .sort()
      .find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
    packages.set(dir, {
      title: `${manifest.name}@${manifest.version} (${manifest.license ?? 'no licence field'})`,
      text: licenseFile ? readFileSync(join(dir, licenseFile), 'utf8').trim() : '(the package ships no licence file)',
    });
  }
  const notices = [...packages.values()].sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  const header = `Third-party software bundled in dist/index.js (${notices.length} packages).`;
  return `${[header, ...notices.map((n) => `${n.title}\n\n${n.text}`)].join('\n\n----------\n\n')}\n`;
}

function packageDirOf(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    // A nested package.json without a name (e.g. `{"type":"module"}` in lib/) is not the package.
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name) return dir;
  }
  return undefined;
}

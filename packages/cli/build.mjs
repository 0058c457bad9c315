// Builds the program as the Actions are built (actions/common's buildAction: one esbuild bundle
// holding every dependency, so `npx @keyturn/cli` installs one package) into dist/main.js, the
// program with every command declared. Each command also gets an entry of its own,
// dist/keyturn-<command>.js: commander, the program's help line of every command, and only that
// command's declaration and run, so `keyturn wait` loads one file and nothing of the other commands.
// Each command's run (src/run/*.ts) is also a file of its own for main.js. The bin, dist/index.js, is
// small and built here: it turns on Node's on-disk compile cache (Node 22.1 and later; absent on
// Node 20), then runs the named command's entry (a script with a code cache of its own,
// src/entry-script.ts), or loads main.js when the command line names none.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import * as esbuild from 'esbuild';
import { buildAction } from '../../scripts/build-bundle.mjs';

// Each run file should hold only what its command uses: `wait` no Octokit, `fingerprint` no
// libsodium. The Actions' shared inputs module imports @actions/core for the runner (the CLI uses
// only its pure parsers), and keyturn's own libraries' modules have no side effects on import; so
// these are declared free of side effects, and a module nothing uses is left out.
const RUNNER_ONLY = /^(@actions\/(core|exec|io|http-client)|undici|tunnel)(\/|$)/;
const OWN_LIBRARY = /[\\/]packages[\\/](api|rotation)[\\/]dist[\\/]/;
const withoutSideEffects = {
  name: 'without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^(\.\.?\/|@actions\/|@keyturn\/|undici|tunnel)/ }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      const { kind, importer, resolveDir } = args;
      const result = await build.resolve(args.path, { kind, importer, resolveDir, pluginData: { resolving: true } });
      if (result.errors.length > 0) return { errors: result.errors };
      if (!RUNNER_ONLY.test(args.path) && !OWN_LIBRARY.test(result.path)) return undefined;
      return { path: result.path, sideEffects: false };
    });
  },
};

// `import tty from 'node:tty'` makes Node build the module's ES namespace, which reads every export
// and so loads what each lazy getter hides (node:util's loads parseArgs and diff, node:process's
// the diagnostic report): some 3 ms at each start on Node 24. The bundle takes the module object
// (as require gives it) and reads only the exports it imports: each is a pure call the bundler
// drops when unused. A name this Node lacks fails the build.
const BUILTIN = new RegExp(`^(node:)?(${builtinModules.map((name) => name.replace(/[/]/g, '\\/')).join('|')})$`);
const builtinsWithoutNamespaces = {
  name: 'builtins-without-namespaces',
  setup(build) {
    build.onResolve({ filter: BUILTIN }, (args) =>
      args.kind === 'import-statement' ? { path: args.path.replace(/^node:/, ''), namespace: 'builtin', sideEffects: false } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => {
      const id = `node:${args.path}`;
      const names = Object.keys(process.getBuiltinModule(id)).filter((name) => name !== 'default');
      const exports = names.flatMap((name, i) => [
        `const $${i} = /* @__PURE__ */ read(${JSON.stringify(name)});`,
        `export { $${i} as ${JSON.stringify(name)} };`,
      ]);
      const lines = [
        `const module = process.getBuiltinModule(${JSON.stringify(id)});`,
        'const read = (name) => module[name];',
        'export default module;',
        ...exports,
      ];
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};
// Commander requires node:child_process (and with it dgram, net's socket list...) for executable
// subcommands, which keyturn has none of: it gets the module when it first uses it.
const childProcessOnUse = {
  name: 'child-process-on-use',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'on-use', sideEffects: false } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'on-use' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => process.getBuiltinModule('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};
const PLUGINS = [withoutSideEffects, builtinsWithoutNamespaces, childProcessOnUse];
// Unlike the Actions' bundles, dist/ is not committed, so nobody reads its diffs: without the
// whitespace, each start reads, checksums (for the compile cache) or parses less. Names stay, as
// some errors say their class's name.
const withPlugin = {
  ...esbuild,
  build: (options) =>
    esbuild.build({ ...options, minifyWhitespace: true, minifySyntax: true, plugins: [...PLUGINS, ...(options.plugins ?? [])] }),
};

const dir = fileURLToPath(new URL('.', import.meta.url));
// A command per file in src/commands, declared by its export <camelCase name>Command.
const commands = readdirSync(join(dir, 'src/commands'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -3))
  .sort();
const declaration = (name) => `${name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase())}Command`;
// Each entry holds its command's run (the declaration's loadRun), so its file is the only one loaded.
const entries = commands.map((name) => ({
  outfile: `dist/keyturn-${name}.js`,
  source: [
    `import * as run from './src/run/${name}.ts';`,
    `import { ${declaration(name)} } from './src/commands/${name}.ts';`,
    "import { startKeyturn } from './src/start.ts';",
    `await startKeyturn({ ${JSON.stringify(name)}: () => ${declaration(name)}(async () => run) });`,
  ].join('\n'),
}));
const files = await buildAction(withPlugin, dir, { write: false, entries });
await rm(join(dir, 'dist'), { recursive: true, force: true });
await mkdir(join(dir, 'dist'), { recursive: true });
// Each entry's text hash names its code cache (src/entry-script.ts).
const cacheNames = {};
for (const { path, text } of files) {
  const command = commands.find((name) => path === `dist/keyturn-${name}.js`);
  const script = command === undefined ? text : await entryScript(text, path);
  if (command !== undefined) cacheNames[command] = `${command}-${createHash('sha256').update(script).digest('hex').slice(0, 16)}`;
  await writeFile(join(dir, path === 'dist/index.js' ? 'dist/main.js' : path), script);
}
// `keyturn --help` and `keyturn <command> --help` print text the program wrote at build time
// (commander's own help, 80 columns as on a pipe), so asking for help loads no program at all.
const help = await helpTexts(join(dir, 'dist/main.js'));
const listed = Object.keys(help)
  .filter((name) => name !== '')
  .sort();
if (listed.join() !== commands.join())
  throw new Error(`the program's help lists ${listed.join(', ')}; src/commands holds ${commands.join(', ')}`);
const BIN = `// keyturn: the bin of @keyturn/cli (built by build.mjs; the program is main.js, a named command's keyturn-<command>.js).
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { runEntryScript } from './src/entry-script.ts';
import { requestedCommand } from './src/requested-command.ts';

const HELP = ${JSON.stringify(help)};
const CACHE_NAMES = ${JSON.stringify(cacheNames)};
const [first, second, ...rest] = process.argv.slice(2);
const isHelp = (arg) => arg === '--help' || arg === '-h';
const asked = rest.length ? undefined : isHelp(first) && second === undefined ? '' : isHelp(second) && first !== '' && Object.hasOwn(HELP, first ?? '') ? first : undefined;
if (asked !== undefined) {
  process.stdout.write(HELP[asked]);
} else {
  const cache = module.enableCompileCache?.();
  const command = requestedCommand(process.argv);
  if (command !== undefined && command !== '' && Object.hasOwn(HELP, command)) {
    await runEntryScript(fileURLToPath(new URL(\`./keyturn-\${command}.js\`, import.meta.url)), CACHE_NAMES[command], cache?.directory);
  } else {
    const main = './main.js';
    await import(main);
  }
}
`;
const bin = await esbuild.build({
  stdin: { contents: BIN, resolveDir: dir, loader: 'js' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  charset: 'ascii',
  banner: { js: '#!/usr/bin/env node\n// keyturn: the bin of @keyturn/cli, built by build.mjs.' },
  plugins: [builtinsWithoutNamespaces],
  write: false,
  logLevel: 'warning',
});
await writeFile(join(dir, 'dist/index.js'), bin.outputFiles[0].text);
await chmod(join(dir, 'dist/index.js'), 0o755);

/**
 * A command's entry as the script src/entry-script.ts runs: one async function of what the module
 * took from its host (createRequire, import.meta.url, import()). Compiled here, so an import or
 * export statement left in the bundle fails the build, not a user's start.
 */
async function entryScript(text, path) {
  const { code } = await esbuild.transform(text, {
    loader: 'js',
    format: 'esm',
    define: { 'import.meta.url': '__keyturnEntryUrl' },
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
  });
  const body = code
    .replace(/^import\{createRequire as __keyturnCreateRequire\}from"node:module";/, '')
    .replace(/\bimport\(("\.\/[\w.-]+\.js")\)/g, '__keyturnImport($1)');
  if (/\bimport\s*\(/.test(body))
    throw new Error(`${path}: an import() the entry script cannot make (only import("./<file>.js") of dist/ is rewritten)`);
  const script = `(async function(__keyturnCreateRequire,__keyturnEntryUrl,__keyturnImport){"use strict";${body}\n})\n`;
  new Script(script, { filename: path });
  return script;
}

/** The program's help, and each command's, as `node main.js [command] --help` prints it on a pipe. */
async function helpTexts(main) {
  const helpOf = (args) => {
    const { status, stdout, stderr } = spawnSync(process.execPath, [main, ...args, '--help'], {
      encoding: 'utf8',
      env: { ...process.env, COLUMNS: '80' },
    });
    if (status !== 0) throw new Error(`keyturn ${args.join(' ')} --help exited ${status}: ${stderr}`);
    return stdout;
  };
  const top = helpOf([]);
  // Commander lists the commands under "Commands:", one per line: `  name [options]  summary`.
  const listed = top.slice(top.indexOf('\nCommands:\n')).split('\n').slice(2);
  const names = listed.map((line) => /^ {2}([a-z][a-z-]*)\b/.exec(line)?.[1]).filter((name) => name !== undefined && name !== 'help');
  if (names.length === 0) throw new Error("the program's help lists no command");
  return Object.fromEntries([['', top], ...names.map((name) => [name, helpOf([name])])]);
}

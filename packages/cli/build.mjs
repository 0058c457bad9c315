// Builds the program as the Actions are built (actions/common's buildAction: one esbuild bundle
// holding every dependency, so `npx @keyturn/cli` installs one package) into dist/main.js. Each
// command's run (src/run/*.ts, imported when it runs) is a file of its own, so `keyturn --help`
// loads only commander and the declarations. The bin, dist/index.js, is a few lines written here:
// it turns on Node's on-disk compile cache (Node 22.1 and later; absent on Node 20) before it loads
// dist/main.js, so each start after the first skips compiling the program.
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { buildAction } from '@keyturn/action-common/build';

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
const withPlugin = { ...esbuild, build: (options) => esbuild.build({ ...options, plugins: [withoutSideEffects, ...(options.plugins ?? [])] }) };

const dir = fileURLToPath(new URL('.', import.meta.url));
const files = await buildAction(withPlugin, dir, { write: false });
await rm(join(dir, 'dist'), { recursive: true, force: true });
await mkdir(join(dir, 'dist'), { recursive: true });
for (const { path, text } of files) await writeFile(join(dir, path === 'dist/index.js' ? 'dist/main.js' : path), text);
// `keyturn --help` and `keyturn <command> --help` print text the program wrote at build time
// (commander's own help, 80 columns as on a pipe), so asking for help loads no program at all.
const help = await helpTexts(join(dir, 'dist/main.js'));
const BIN = `#!/usr/bin/env node
// keyturn: the bin of @keyturn/cli (built by build.mjs; the program is main.js).
import module from 'node:module';

const HELP = ${JSON.stringify(help)};
const [first, second, ...rest] = process.argv.slice(2);
const isHelp = (arg) => arg === '--help' || arg === '-h';
const asked = rest.length ? undefined : isHelp(first) && second === undefined ? '' : isHelp(second) && first !== '' && Object.hasOwn(HELP, first ?? '') ? first : undefined;
if (asked !== undefined) {
  process.stdout.write(HELP[asked]);
} else {
  module.enableCompileCache?.();
  await import('./main.js');
}
`;
await writeFile(join(dir, 'dist/index.js'), BIN);
await chmod(join(dir, 'dist/index.js'), 0o755);

/** The program's help, and each command's, as `node main.js [command] --help` prints it on a pipe. */
async function helpTexts(main) {
  const helpOf = (args) => {
    const { status, stdout, stderr } = spawnSync(process.execPath, [main, ...args, '--help'], { encoding: 'utf8', env: { ...process.env, COLUMNS: '80' } });
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

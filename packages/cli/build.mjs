// Builds the program as the Actions are built (actions/common's buildAction: one esbuild bundle
// holding every dependency, so `npx @keyturn/cli` installs one package) into dist/main.js. Each
// command's run (src/run/*.ts, imported when it runs) is a file of its own, so `keyturn --help`
// loads only commander and the declarations. The bin, dist/index.js, is a few lines written here:
// it turns on Node's on-disk compile cache (Node 22.1 and later; absent on Node 20) before it loads
// dist/main.js, so each start after the first skips compiling the program.
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
const BIN = `#!/usr/bin/env node
// keyturn: the bin of @keyturn/cli (built by build.mjs; the program is main.js).
import module from 'node:module';

module.enableCompileCache?.();
await import('./main.js');
`;
await writeFile(join(dir, 'dist/index.js'), BIN);
await chmod(join(dir, 'dist/index.js'), 0o755);

// Builds the bin, dist/index.js, as the Actions are built (actions/common's buildAction: one esbuild
// bundle holding every dependency, so `npx @keyturn/cli` installs one package), then makes it a
// script a shell can run: the `#!` line first. Each command's run (src/run/*.ts, imported when it
// runs) is a file of its own, so `keyturn --help` loads only commander and the declarations.
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
for (const { path, text } of files) {
  const file = join(dir, path);
  await writeFile(file, path === 'dist/index.js' ? `#!/usr/bin/env node\n${text.replace(/^#!.*\n/, '')}` : text);
  if (path === 'dist/index.js') await chmod(file, 0o755);
}

// The `keyturn` program run on the process's arguments: bundled into dist/main.js, which the bin
// (dist/index.js, build.mjs) loads once the compile cache is on. package.json, beside dist/, says
// the version.
import { readFileSync } from 'node:fs';
import { run } from './program.js';

// A reader that stops early (`keyturn audit | head`) closes the pipe: that ends the output, not in a crash.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
process.exitCode = await run(process.argv, version);

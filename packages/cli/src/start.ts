// Starts the `keyturn` program on the process's arguments: dist/main.js with every command declared
// (src/index.ts), and each command's own entry with only its declaration (build.mjs). package.json,
// beside dist/, says the version.
import { readFileSync } from 'node:fs';
import { type Declarations, run } from './program.js';

export async function startKeyturn(declarations: Declarations): Promise<void> {
  // A reader that stops early (`keyturn audit | head`) closes the pipe: that ends the output, not in a crash.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(process.exitCode ?? 0);
    });
  }
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  process.exitCode = await run(process.argv, version, declarations);
}

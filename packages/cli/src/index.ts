// The `keyturn` bin: what `npx @keyturn/cli` starts (bundled into dist/index.js, beside which the
// package's package.json says the version).
import { readFileSync } from 'node:fs';
import { run } from './program.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
process.exitCode = await run(process.argv, version);

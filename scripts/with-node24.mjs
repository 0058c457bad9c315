#!/usr/bin/env node
// Runs a command on Node 24, the runner's runtime: Node 24's directory goes first on PATH, so the
// command and everything it starts with `node` (vitest, the emulators, the Actions' bundles) run
// on it. Node 24 comes from scripts/node24.mjs (installed once into .cache/node24).
//
//   node scripts/with-node24.mjs node scripts/test.mjs --filter=./actions/*

import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { node24 } from './node24.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-node24.mjs <command> [arguments...]');
  process.exit(2);
}
const binary = await node24();
const env = { ...process.env, PATH: `${dirname(binary)}${delimiter}${process.env.PATH ?? ''}` };
const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
console.error(`On Node ${version} (the runner's runtime): ${[command, ...args].join(' ')}`);
const child = spawn(command, args, { env, stdio: 'inherit', shell: process.platform === 'win32' });
child.on('close', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});

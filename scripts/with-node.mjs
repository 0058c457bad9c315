#!/usr/bin/env node
// Runs a command on another Node: Node 24 (the runner's runtime, scripts/node24.mjs) or the floor
// (the oldest Node the published packages claim, scripts/release/node-floor.mjs), each installed
// once from the npm registry into .cache/. Its directory goes first on PATH, so the command and
// everything it starts with `node` (turbo's tasks, vitest, the emulators, the bundles) run on it.
//
//   node scripts/with-node.mjs 24 pnpm --filter @keyturn/demo start
//   node scripts/with-node.mjs floor node scripts/test.mjs --filter=@keyturn/cli

import { execFileSync, spawn } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { node24 } from './node24.mjs';
import { floorNode } from './release/node-floor.mjs';

const NODES = { 24: node24, floor: floorNode };
const [which, command, ...args] = process.argv.slice(2);
if (!Object.hasOwn(NODES, which ?? '') || !command) {
  console.error(`usage: node scripts/with-node.mjs <${Object.keys(NODES).join('|')}> <command> [arguments...]`);
  process.exit(2);
}
const binary = await NODES[which]();
const env = { ...process.env, PATH: `${dirname(binary)}${delimiter}${process.env.PATH ?? ''}` };
const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
console.error(`On Node ${version}: ${[command, ...args].join(' ')}`);
const child = spawn(command, args, { env, stdio: 'inherit', shell: process.platform === 'win32' });
child.on('close', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});

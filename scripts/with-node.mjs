#!/usr/bin/env node
// Runs a command on another Node: Node 24 (the runner's runtime, scripts/node24.mjs) or the floor
// (the oldest Node the published packages claim, scripts/release/node-floor.mjs), each installed
// once from the npm registry into .cache/. Its directory goes first on PATH, so the command and
// everything it starts with `node` (turbo's tasks, vitest, the emulators, the bundles) run on it.
//
//   node scripts/with-node.mjs 24 pnpm --filter @keyturn/demo start
//   node scripts/with-node.mjs floor node scripts/test.mjs --filter=@keyturn/cli

import { spawn } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { NODE24_VERSION, node24 } from './node24.mjs';
import { floorNode, NODE_FLOOR } from './release/node-floor.mjs';

// Each checks its binary's version as it finds it, so the version is known without asking again.
const NODES = { 24: [node24, NODE24_VERSION], floor: [floorNode, NODE_FLOOR] };
const [which, command, ...args] = process.argv.slice(2);
if (!Object.hasOwn(NODES, which ?? '') || !command) {
  console.error(`usage: node scripts/with-node.mjs <${Object.keys(NODES).join('|')}> <command> [arguments...]`);
  process.exit(2);
}
const [find, version] = NODES[which];
const binary = await find();
const env = { ...process.env, PATH: `${dirname(binary)}${delimiter}${process.env.PATH ?? ''}` };
console.error(`On Node v${binary === process.execPath ? process.versions.node : version}: ${[command, ...args].join(' ')}`);
const child = spawn(command, args, { env, stdio: 'inherit', shell: process.platform === 'win32' });
child.on('close', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});

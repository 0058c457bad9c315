#!/usr/bin/env node
// `pnpm test:loaded`: the whole test command while other processes keep every core busy, as on a
// shared or noisy CI machine. No test may depend on how fast a process starts, so it must pass
// here as it does on an idle machine. Extra arguments go to scripts/test.mjs.

import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const TEST = fileURLToPath(new URL('./test.mjs', import.meta.url));

// One spinning process per core, at normal priority: the tests share every core with them.
const busy = Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
console.log(
  `test:loaded: ${busy.length} busy processes (pids ${busy.map((p) => p.pid).join(', ')}) keep every core loaded for the whole run`,
);
const stopBusy = () => {
  for (const worker of busy) if (worker.exitCode === null) worker.kill('SIGKILL');
};
process.on('exit', stopBusy);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const started = Date.now();
const tests = spawn(process.execPath, [TEST, ...process.argv.slice(2)], { stdio: ['inherit', 'pipe', 'inherit'] });
// The test command's closing line ("N passed, N failed") stays last: each line is written only once
// the next one has come, and our note goes before the final one.
let held;
let partial = '';
tests.stdout.setEncoding('utf8');
tests.stdout.on('data', (chunk) => {
  const lines = (partial + chunk).split('\n');
  partial = lines.pop() ?? '';
  for (const line of lines) {
    if (held !== undefined) process.stdout.write(`${held}\n`);
    held = line;
  }
});
tests.on('close', (code, signal) => {
  stopBusy();
  console.log(`test:loaded: the test command ran ${Math.round((Date.now() - started) / 1000)} s beside ${busy.length} busy processes`);
  for (const line of [held, partial]) if (line) console.log(line);
  process.exitCode = code ?? (signal ? 1 : 0);
});

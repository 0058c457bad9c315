// close() must leave nothing that keeps the process alive: a child process whose only request
// waits in a 10-minute delay closes its emulator and exits by itself (runs the built dist).

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/close-during-delay.mjs', import.meta.url));
const BUILT = fileURLToPath(new URL('../dist/index.js', import.meta.url));

let child: ReturnType<typeof spawn> | undefined;
beforeAll(() => {
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: build the package first (npx tsc -p tsconfig.build.json)`);
});
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
});

it('exits once the emulator is closed, though a delay fault had 10 minutes to go', { timeout: 20_000 }, async () => {
  child = spawn(process.execPath, [FIXTURE], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = await new Promise<number | null>((resolve) => child!.once('close', (code) => resolve(code)));
  expect({ exit, output }).toEqual({ exit: 0, output: 'closed with 1 request logged\n' });
});

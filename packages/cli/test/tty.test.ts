// On a terminal the progress is a spinner on stderr, ending in a summary line that stays; the
// packed bin run under script(1), which gives it a pseudo-terminal. No key in what the terminal shows.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { BIN } from './keyturn-process.js';
import { it } from './world.js';

it('shows a spinner and a summary on a terminal, the result after it', async ({ world }) => {
  const project = world.platform.createProject({ name: 'shop' });
  const command = `${BIN} wait --project-id ${project.id} --api-url ${world.platform.url}`;
  // No CI variable: on a terminal outside CI the spinner runs.
  const { stdout } = await promisify(execFile)('script', ['-qec', command, '/dev/null'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', NEON_API_KEY: world.consoleKey.key },
  });
  expect(stdout).toMatch(/\u280b(\u001b\[\d+m)? waiting: 0 pending/); // a spinner frame
  expect(stdout).toMatch(/\u2714(\u001b\[\d+m)? 0 operations finished/); // its success line, which stays
  expect(stdout).toContain('No operation to wait for.');
  expect(stdout).toMatch(/\u001b\[/); // drawn with terminal control sequences
  expect(stdout).not.toContain(world.consoleKey.key);
});

// The packed bin's help, version and argument errors: every command has --help with an example,
// `npx @keyturn/cli --help` works from the installed tarball, and a mistyped flag never echoes a
// value shaped like a key.

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { keyturn, PROJECT } from './keyturn-process.js';

const COMMANDS = ['rotate', 'answer-alerts', 'wait', 'status', 'audit', 'fingerprint'];
const VERSION = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

describe('keyturn --help', () => {
  it('lists every command and the exit codes', async () => {
    const run = await keyturn(['--help']);
    expect(run.code).toBe(0);
    for (const command of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    expect(run.stdout).toContain('Exit codes: 0 done');
  });

  it.each(COMMANDS)('%s --help has an example and --output', async (command) => {
    const run = await keyturn([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Example:');
    expect(run.stdout).toContain(`keyturn ${command}`);
    expect(run.stdout).toContain('--output <format>');
  });

  it("prints, without loading the program, the program's own help", async () => {
    // The bin answers --help from text build.mjs took from the program: it must be that text.
    const main = join(PROJECT, 'node_modules', '@keyturn', 'cli', 'dist', 'main.js');
    for (const args of [[], ...COMMANDS.map((command) => [command])]) {
      const fromProgram = await promisify(execFile)(process.execPath, [main, ...args, '--help'], {
        cwd: PROJECT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
      });
      const fromBin = await keyturn([...args, '--help']);
      expect(fromBin.stdout).toBe(fromProgram.stdout);
    }
  });

  it('takes credentials from the environment or a file, never from a flag', async () => {
    const run = await keyturn(['rotate', '--help']);
    expect(run.stdout).toContain('--api-key-file <path>');
    expect(run.stdout).toContain('--github-token-file <path>');
    expect(run.stdout).toContain('--gitlab-token-file <path>');
    expect(run.stdout).not.toMatch(/--(api-key|github-token|gitlab-token|private-key) </);
    // The GitLab record's default, said where a GitLab CI user looks.
    expect(run.stdout).toMatch(/--record-gitlab-project[^\n]*CI_PROJECT_ID/);
  });

  it('runs through npx from the installed tarball', async () => {
    const { stdout } = await promisify(execFile)('npx', ['--no-install', '@keyturn/cli', '--help'], {
      cwd: PROJECT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    expect(stdout).toContain('Usage: keyturn');
  });

  it('says its version', async () => {
    const run = await keyturn(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(VERSION);
  });
});

describe('argument mistakes', () => {
  it('exits 2 on an unknown command or flag, without echoing a key pasted into it', async () => {
    const key = 'napi_0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP';
    const unknown = await keyturn(['rotate', `--api-key=${key}`]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--api-key=[redacted]'");
    expect(`${unknown.stdout}${unknown.stderr}`).not.toContain(key);
    expect((await keyturn(['rotat'])).code).toBe(2);
    expect((await keyturn(['wait', '--output', 'yaml'])).code).toBe(2);
  });
});

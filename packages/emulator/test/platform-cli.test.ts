// keyturn-emulator as a user runs it: a child process through the committed bin shim (which runs
// the built dist/cli.js, so build first), read its output, talk to it, stop it with a signal.

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { send } from './platform-harness.js';

const BIN = fileURLToPath(new URL('../bin/keyturn-emulator.js', import.meta.url));
const BUILT_CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
beforeAll(() => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: build the package first (npx tsc -p tsconfig.build.json)`);
});

function start(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: 'pipe' });
  children.push(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return {
    child,
    exited,
    stderr: () => stderr,
    nextLine: async () => {
      const next = await lines.next();
      if (next.done) throw new Error(`keyturn-emulator ended without output; stderr: ${stderr}`);
      return next.value;
    },
  };
}

describe('keyturn-emulator', () => {
  it('--json prints one line with the URLs, the first key, the demo project and the GitHub and GitLab tokens, and stops on SIGTERM', async () => {
    const cli = start(['--json', '--port', '0']);
    const info = JSON.parse(await cli.nextLine());
    expect(info.platform).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/),
      controlUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/__emulator$/),
      apiKey: expect.stringMatching(/^napi_[A-Za-z0-9]{64}$/),
      apiKeyId: 1,
      projectId: expect.any(String),
    });

    const auth = { authorization: `Bearer ${info.platform.apiKey}` };
    const projects = await send(`${info.platform.url}/projects`, 'GET', auth);
    expect(projects.status).toBe(200);
    expect(projects.body.projects).toEqual([expect.objectContaining({ id: info.platform.projectId, name: 'demo' })]);
    const branch = await send(`${info.platform.url}/projects/${info.platform.projectId}/branches`, 'POST', auth, {});
    expect(branch.status).toBe(201);
    const keys = await send(`${info.platform.controlUrl}/keys`, 'GET', {});
    expect(keys.body.keys).toEqual([expect.objectContaining({ id: 1, name: 'first-key', revoked: false })]);

    // The GitHub half beside it: its token can read the demo repository's public key.
    expect(info.github).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), token: expect.any(String) });
    const publicKey = await send(`${info.github.url}/repos/${info.github.repository}/actions/secrets/public-key`, 'GET', {
      authorization: `Bearer ${info.github.token}`,
    });
    expect(publicKey.status).toBe(200);

    // The GitLab half: its token (the demo group's Owner) can create a variable in the demo project.
    expect(info.gitlab).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/v4$/),
      token: expect.any(String),
      project: 'keyturn-demo/app',
    });
    const variable = await send(
      `${info.gitlab.url}/projects/${encodeURIComponent(info.gitlab.project)}/variables`,
      'POST',
      { 'private-token': info.gitlab.token },
      { key: 'DEMO', value: 'demo-value' },
    );
    expect(variable.status).toBe(201);

    // The Vercel half: its token (a member of the demo team) reads the demo project.
    expect(info.vercel).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      token: expect.any(String),
      team: 'keyturn-demo',
      project: 'app',
    });
    const project = await send(`${info.vercel.url}/v9/projects/${info.vercel.project}?slug=${info.vercel.team}`, 'GET', {
      authorization: `Bearer ${info.vercel.token}`,
    });
    expect(project.status).toBe(200);

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it('prints the same as text and stops on SIGINT', async () => {
    const cli = start([]);
    const lines: string[] = [];
    while (!lines.some((line) => line.includes('Demo project'))) lines.push(await cli.nextLine());
    const text = lines.join('\n');
    expect(text).toMatch(/API URL\s+http:\/\/127\.0\.0\.1:\d+\/api\/v2/);
    expect(text).toMatch(/Control URL\s+http:\/\/127\.0\.0\.1:\d+\/__emulator/);
    const key = /First API key\s+(napi_[A-Za-z0-9]{64}) \(id 1\)/.exec(text)?.[1];
    const url = /API URL\s+(\S+)/.exec(text)?.[1];
    expect((await send(`${url}/api_keys`, 'GET', { authorization: `Bearer ${key}` })).status).toBe(200);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it('names, beside each URL, the input and flag that take it (nothing reads GITLAB_URL)', async () => {
    const cli = start([]);
    const lines: string[] = [];
    while (lines.filter((line) => line.includes('Demo targets')).length < 3) lines.push(await cli.nextLine());
    const urls = lines.filter((line) => line.includes('API URL'));
    expect(urls).toEqual([
      expect.stringMatching(/\/api\/v2 \(api-url, keyturn --api-url\)$/),
      expect.stringMatching(/ \(GITHUB_API_URL, keyturn --github-api-url\)$/),
      expect.stringMatching(/\/api\/v4 \(gitlab-url, keyturn --gitlab-url\)$/),
      expect.stringMatching(/ \(vercel-url, keyturn --vercel-url\)$/),
    ]);
    expect(lines.join('\n')).not.toContain('GITLAB_URL');
    cli.child.kill('SIGINT');
    await cli.exited;
  });

  it('refuses a non-loopback --host without --allow-remote, before listening anywhere', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      const refused = start(['--host', host, '--json']);
      expect((await refused.exited).code).toBe(1);
      expect(refused.stderr()).toMatch(/not a loopback address.*--allow-remote/s);
    }
  });

  it('listens on a non-loopback --host with --allow-remote, with a warning', async () => {
    const cli = start(['--host', '0.0.0.0', '--allow-remote', '--json']);
    const info = JSON.parse(await cli.nextLine());
    expect(info.platform.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/api\/v2$/);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toMatch(/warning: listening on 0\.0\.0\.0 \(--allow-remote\)/);
    expect(cli.stderr()).not.toContain(info.platform.apiKey);
  });

  it('accepts every loopback spelling without --allow-remote', async () => {
    const cli = start(['--host', 'localhost', '--json']);
    const info = JSON.parse(await cli.nextLine());
    expect(info.platform.url).toMatch(/^http:\/\/(127\.0\.0\.1|\[::1\]):\d+\/api\/v2$/);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toBe('');
  });

  it('fails with a message for a bad option, and prints usage for --help', async () => {
    const bad = start(['--port', 'eighty']);
    expect((await bad.exited).code).toBe(1);
    expect(bad.stderr()).toMatch(/--port must be an integer/);
    const help = start(['--help']);
    expect(await help.nextLine()).toMatch(/^Usage: keyturn-emulator/);
    expect((await help.exited).code).toBe(0);
  });
});

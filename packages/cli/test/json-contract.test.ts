// The CLI's own contract (README "Conventions", schema/output.schema.json), through the packed bin:
// with --output json every exit writes one JSON document valid against the published schema (bad
// input, an API error, a timeout, an interruption); a wait that never heard from the platform says
// so; a second signal exits 130; keyturn.yml's mistakes are all reported at once; and messages
// name the CLI's flags, never the library's option names.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { jsonOf, leaksIn, PROJECT, startKeyturn } from './keyturn-process.js';
import { ENV, it, RECORD_REPO, REPO, run, TOKEN } from './world.js';

describe.concurrent('--output json: one document at every exit, valid against the schema', () => {
  it('bad input (exit 2): a failure document listing every mistake', async ({ world }) => {
    const result = await run(world, [
      'rotate',
      '--target',
      'repo:acme',
      '--keep',
      'x',
      '--record-repo',
      'acme/ops',
      '--output',
      'json',
      ...world.urls,
    ]);
    expect(result.code, result.stderr).toBe(2);
    const json = jsonOf(result);
    expect(json).toMatchObject({ command: 'rotate', ok: false, exitCode: 2, error: { name: 'UsageError' } });
    expect(json.error.mistakes).toHaveLength(2);
    expect(world.platform.log.entries()).toEqual([]);
  });

  it('an option commander refuses (exit 2), `--output=json` written in one word', async ({ world }) => {
    const result = await run(world, ['wait', '--project-id', 'p-1', '--output=json', '--colour']);
    expect(result.code, result.stderr).toBe(2);
    expect(jsonOf(result)).toMatchObject({
      command: 'wait',
      ok: false,
      exitCode: 2,
      error: { name: 'UsageError', mistakes: ["unknown option '--colour'"] },
    });
  });

  it('a project the platform does not know (exit 1): the NotFoundError as a failure document', async ({ world }) => {
    const result = await run(world, ['wait', '--project-id', 'no-such-project-123', '--output', 'json', '--api-url', world.platform.url]);
    expect(result.code, result.stderr).toBe(1);
    expect(jsonOf(result)).toMatchObject({ command: 'wait', ok: false, exitCode: 1, error: { name: 'NotFoundError', mistakes: [] } });
  });

  it('a platform that never answers (exit 4): the wait says it could not list the operations', async ({ world }) => {
    const project = world.platform.createProject({ name: 'shop' });
    world.platform.faults.add({ method: 'GET', kind: 'hang', times: 'always' });
    const result = await run(world, [
      'wait',
      '--project-id',
      project.id,
      '--timeout',
      '2s',
      '--output',
      'json',
      '--api-url',
      world.platform.url,
    ]);
    expect(result.code, result.stderr).toBe(4);
    expect(jsonOf(result)).toMatchObject({ command: 'wait', status: 'timed-out', operations: [], pendingUnknown: true });
    expect(result.stderr).toMatch(/without listing the project's operations: the platform gave no answer in time/);
    expect(result.stderr).not.toMatch(/0 of 0/);
  });

  it('a second SIGTERM quits at once with exit 130 (not 143) and a failure document', async ({ world }) => {
    // The second target's write is slow, so the first signal arrives mid-store; every write after it
    // (the rollback's) hangs, so the run is still going when the second signal comes.
    world.github.faults.add({
      method: 'PUT',
      path: '/repos/acme/web/environments/production/secrets/*',
      kind: 'delay',
      ms: 1500,
      times: 1,
    });
    const args = ['rotate', '--target', REPO, '--target', ENV, '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls];
    const started = startKeyturn(args, { env: { NEON_API_KEY: world.consoleKey.key, GITHUB_TOKEN: TOKEN } });
    let stderr = '';
    started.child.stderr!.on('data', (chunk) => (stderr += chunk));
    let ended = false;
    void started.done.then(() => (ended = true));
    while (world.github.faults.list().length > 0) {
      expect(ended, 'the run ended before the slow write').toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    world.github.faults.add({ kind: 'hang', times: 'always' });
    started.child.kill('SIGTERM');
    while (!stderr.includes('SIGTERM: stopping')) {
      expect(ended, 'the run ended before the second signal').toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    started.child.kill('SIGTERM');
    const result = await started.done;

    expect(result.code, result.stderr).toBe(130);
    const json = jsonOf(result);
    expect(json.ok).toBe(false);
    expect(leaksIn(result, world.secrets)).toEqual([]);
  });
});

describe.concurrent('keyturn.yml and the flags, in the CLI words', () => {
  it("reports the file's structure mistakes and its values' mistakes at once", async ({ world }) => {
    writeFileSync(join(PROJECT, 'mixed.yml'), 'targets:\n  - repo:acme\ntarget: repo:acme/x\nkeep: lots\n');
    const result = await run(world, ['rotate', '--config', 'mixed.yml', '--record-repo', RECORD_REPO, ...world.urls]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/3 problems:/);
    expect(result.stderr).toMatch(/mixed\.yml line 3 \(target\): unknown option 'target'/);
    expect(result.stderr).toMatch(/mixed\.yml line 2 \(targets\): target 1/);
    expect(result.stderr).toMatch(/mixed\.yml line 4 \(keep\)/);
  });

  it.for([
    ['wait', ['wait', '--project-id', 'p-1']],
    ['rotate', ['rotate', '--target', REPO, '--record-repo', RECORD_REPO, '--github-api-url', 'http://127.0.0.1:1']],
  ] as const)('%s: a plain-http --api-url off loopback is named as the flag, not as baseUrl', async ([, args], { world }) => {
    const result = await run(world, [...args, '--api-url', 'http://example.com/api/v2']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--api-url is invalid: it must use https:/);
    expect(result.stderr).not.toMatch(/baseUrl/);
  });

  it("a platform answering 503 to every retry: said without the client's option names (retries.maxRetries)", async ({ world }) => {
    world.platform.faults.add({ method: 'GET', kind: 'status', status: 503, times: 'always' });
    const result = await run(world, ['audit', '--record-repo', RECORD_REPO, '--output', 'json', ...world.urls]);
    expect(result.code, result.stderr).toBe(1);
    expect(jsonOf(result).error.message).toMatch(/Gave up after \d+ attempts/);
    expect(result.stderr).toMatch(/Gave up after \d+ attempts/);
    expect(result.stderr).not.toMatch(/retries\./);
  });
});

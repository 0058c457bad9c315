// End to end: dist/index.js run as the runner runs it, against the platform emulator over HTTP.

import { fileURLToPath } from 'node:url';
import { type PlatformEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ActionRun, DURATION, findLeakedPieces, findLeaks, logPattern, runAction } from '@keyturn/action-runner';

const ACTION_DIR = fileURLToPath(new URL('..', import.meta.url));

let platform: PlatformEmulator;
let key: { id: number; key: string };
let projectId: string;

beforeAll(async () => {
  platform = await startPlatformEmulator({ operationTimings: { schedulingMs: 50, runningMs: 150 } });
  key = platform.createKey('ci');
  projectId = platform.createProject({ name: 'shop' }).id;
});
afterAll(() => platform?.close());
beforeEach(() => {
  platform.log.clear();
  platform.faults.clear();
});

async function wait(inputs: Record<string, string>): Promise<ActionRun> {
  const run = await runAction(ACTION_DIR, {
    inputs: { 'api-key': key.key, 'api-url': platform.url, 'project-id': projectId, interval: '100ms', ...inputs },
  });
  // Every run, whatever its outcome: the key is masked first and shown nowhere.
  expect(run.stdout.startsWith(`::add-mask::${key.key}\n`)).toBe(true);
  expect(findLeaks(run, [key.key])).toEqual([]);
  // Nothing the bundle calls is deprecated on the Node running it (`pnpm test`: Node 24, the runner's).
  expect(run.nodeWarnings).toEqual([]);
  return run;
}

/** Resolves once `ready()` holds; the test's own timeout bounds it. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 10));
}

function errors(run: ActionRun): string[] {
  return run.annotations.filter((a) => a.level === 'error').map((a) => a.message);
}

function outputOperations(run: ActionRun): Array<Record<string, unknown>> {
  return JSON.parse(run.outputs.operations!);
}

describe('wait-for-operation', () => {
  it('waits for operations given by id and reports them finished', async () => {
    const [a, b] = platform.startOperations(projectId, [{ action: 'create_branch' }, { action: 'start_compute' }]);
    const run = await wait({ 'operation-ids': `${a!.id}\n${b!.id}` });

    expect(run.exitCode).toBe(0);
    expect(errors(run)).toEqual([]);
    expect(run.outputs.status).toBe('finished');
    expect(run.outputs['failed-operation-ids']).toBe('[]');
    const operations = outputOperations(run);
    expect(operations.map((op) => [op.id, op.action, op.status, op.failures_count])).toEqual([
      [a!.id, 'create_branch', 'finished', 0],
      [b!.id, 'start_compute', 'finished', 0],
    ]);
    for (const op of operations) expect(op.duration).toEqual(expect.any(Number));

    expect(run.groups).toEqual([`Waiting for 2 operations of project ${projectId}`]);
    expect(run.visibleStdout).toMatch(logPattern(`GET /projects/${projectId}/operations -> 200 in ${DURATION}`));
    expect(run.summary).toContain(`<h2>Operations of project ${projectId}: finished</h2>`);
    expect(run.summary).toContain(`<td>${a!.id}</td><td>create_branch</td><td>finished</td><td>0</td>`);
    expect(platform.getOperation(projectId, a!.id).status).toBe('finished');
  });

  it('takes the whole response of a create-branch call', async () => {
    const response = await fetch(`${platform.url}/projects/${projectId}/branches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { name: 'preview' } }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { operations: Array<{ id: string }> };
    const run = await wait({ 'operation-ids': JSON.stringify(body, null, 2) });

    expect(run.exitCode).toBe(0);
    expect(outputOperations(run).map((op) => [op.id, op.action, op.status])).toEqual([
      [body.operations[0]!.id, 'create_branch', 'finished'],
      [body.operations[1]!.id, 'start_compute', 'finished'],
    ]);
  });

  it('waits for every pending operation of the project when given no ids', async () => {
    // Pending until the Action has read the list: finished by hand then, so no process start-up
    // time decides whether it saw them pending (the schedule would finish them on its own).
    const started = platform.startOperations(projectId, [
      { action: 'apply_config', runningMs: 600_000 },
      { action: 'suspend_compute', runningMs: 600_000 },
    ]);
    const running = wait({});
    await until(() => platform.log.entries({ method: 'GET', path: `/projects/${projectId}/operations` }).length > 0);
    for (const op of started) platform.setOperationStatus(projectId, op.id, 'finished');
    const run = await running;

    expect(run.exitCode).toBe(0);
    expect(run.outputs.status).toBe('finished');
    expect(run.groups).toEqual([`Waiting for every pending operation of project ${projectId}`]);
    const ids = outputOperations(run).map((op) => op.id);
    for (const op of started) expect(ids).toContain(op.id);
  });

  it('fails the step after setting the outputs when an operation fails', async () => {
    const [good, bad] = platform.startOperations(projectId, [
      { action: 'create_branch' },
      { action: 'start_compute', final: 'failed', error: 'compute quota exceeded' },
    ]);
    const run = await wait({ 'operation-ids': JSON.stringify([good, bad]) });

    expect(run.exitCode).toBe(1);
    expect(run.outputs.status).toBe('failed');
    expect(JSON.parse(run.outputs['failed-operation-ids']!)).toEqual([bad!.id]);
    expect(outputOperations(run).find((op) => op.id === bad!.id)).toMatchObject({ status: 'failed', action: 'start_compute' });
    expect(errors(run)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^1 of 2 operations failed: operation ${bad!.id} \\(start_compute\\) failed[^:]*: compute quota exceeded\\. See the project`,
        ),
      ),
    ]);
    expect(run.summary).toContain('failed</h2>');
    expect(run.summary).toMatch(new RegExp(`<p>operation ${bad!.id} \\(start_compute\\) failed[^:<]*: compute quota exceeded</p>`));
    // The outputs were written before the ::error:: that fails the step.
    expect(run.stdout.indexOf('::error::')).toBeGreaterThan(run.stdout.indexOf('::endgroup::'));
  });

  it('times out, with the pending operations in the outputs and the error', async () => {
    // Running for 10 minutes, so it is pending at any deadline; the deadline leaves a busy machine
    // seconds for the first poll's answer (one cut short would leave the operation unknown).
    const [slow] = platform.startOperations(projectId, [{ action: 'create_branch', schedulingMs: 0, runningMs: 600_000 }]);
    const run = await wait({ 'operation-ids': slow!.id, timeout: '5s' });

    expect(run.exitCode).toBe(1);
    expect(run.outputs.status).toBe('timed-out');
    expect(run.outputs['failed-operation-ids']).toBe('[]');
    expect(outputOperations(run)).toEqual([
      { id: slow!.id, action: 'create_branch', status: 'running', failures_count: 0, duration: null },
    ]);
    expect(errors(run)).toEqual([
      expect.stringContaining(
        `1 operation still pending after 5.0 s: operation ${slow!.id} (create_branch) still running. Raise the timeout`,
      ),
    ]);
  });

  it('logs a retried request and still finishes', async () => {
    const [op] = platform.startOperations(projectId, [{ action: 'apply_config' }]);
    platform.faults.add({ method: 'GET', path: '/projects/*/operations', kind: 'status', status: 503, times: 1 });
    const run = await wait({ 'operation-ids': op!.id });

    expect(run.exitCode).toBe(0);
    expect(run.visibleStdout).toMatch(
      logPattern(String.raw`GET /projects/[^ ]+/operations -> 503 in ${DURATION} \(attempt 1\), retrying in ${DURATION}$`),
    );
  });

  it('logs a poll that got no answer, and polls again', async () => {
    const [op] = platform.startOperations(projectId, [{ action: 'apply_config' }]);
    // Five answers of 503: the client's first attempt and its four retries, so round 1 gets none.
    platform.faults.add({ method: 'GET', path: '/projects/*/operations', kind: 'status', status: 503, retryAfter: 0, times: 5 });
    const run = await wait({ 'operation-ids': op!.id });

    expect(run.exitCode).toBe(0);
    expect(run.outputs.status).toBe('finished');
    expect(run.visibleStdout).toMatch(
      logPattern(
        String.raw`^Poll 1 after ${DURATION} got no answer, polling again: GET /projects/[^ ]+/operations[^\n]* 503[^\n]* Last known: 0 finished, 0 failed, 1 pending of 1$`,
      ),
    );
    expect(run.visibleStdout).toMatch(/^Poll \d+ after [^:]+: 1 finished, 0 failed, 0 pending of 1$/m);
  });

  it('times out, naming the operations the platform never answered for', async () => {
    const [op] = platform.startOperations(projectId, [{ action: 'apply_config' }]);
    for (const path of ['/projects/*/operations', '/projects/*/operations/*']) {
      platform.faults.add({ method: 'GET', path, kind: 'status', status: 503, retryAfter: 0, times: 'always' });
    }
    // 5 s: round 1's five refused attempts end before the deadline even on a busy machine, so the
    // log shows a round that got no answer (a deadline inside round 1 would log it differently).
    const run = await wait({ 'operation-ids': op!.id, timeout: '5s' });

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toEqual({ status: 'timed-out', operations: '[]', 'failed-operation-ids': '[]' });
    expect(errors(run)).toEqual([
      `1 operation still pending after 5.0 s: operation ${op!.id}: no answer from the platform before the deadline. ` +
        'The platform did not answer in time (see the poll lines above): check its status page and api-url, then re-run.',
    ]);
    expect(run.visibleStdout).toMatch(logPattern(String.raw`^Poll 1 after ${DURATION} got no answer, polling again: `));
    expect(run.summary).toContain(`<tr><td>${op!.id}</td><td>-</td><td>no answer</td><td>-</td><td>-</td></tr>`);
  });

  it('times out waiting for the pending operations when the platform never lists them, saying so', async () => {
    platform.startOperations(projectId, [{ action: 'apply_config' }]);
    platform.faults.add({ method: 'GET', path: '/projects/*/operations', kind: 'status', status: 503, retryAfter: 0, times: 'always' });
    const run = await wait({ timeout: '5s' });

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toEqual({ status: 'timed-out', operations: '[]', 'failed-operation-ids': '[]' });
    expect(errors(run)).toEqual([
      "The wait timed out after 5.0 s before the platform listed the project's operations " +
        '(see the poll lines above): check its status page and api-url, then re-run.',
    ]);
    expect(run.visibleStdout).toMatch(logPattern(String.raw`^Poll 1 after ${DURATION} got no answer, polling again: `));
  });

  it('waits for nothing when given an explicit empty list', async () => {
    const run = await wait({ 'operation-ids': '{"operations": []}' });

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toEqual({ status: 'finished', operations: '[]', 'failed-operation-ids': '[]' });
  });
});

/** What a run stopped by an error sets, so that an `if: failure()` step can read `status`. */
const STOPPED_OUTPUTS = { status: 'failed', operations: '[]', 'failed-operation-ids': '[]' };

describe('wait-for-operation failures before the wait ends', () => {
  it('fails on a revoked or unknown key with what to do, status failed', async () => {
    const run = await runAction(ACTION_DIR, {
      inputs: { 'api-key': 'not-a-live-key-0123456789', 'api-url': platform.url, 'project-id': projectId },
    });

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toEqual(STOPPED_OUTPUTS);
    const [message, ...others] = errors(run);
    expect(others).toEqual([]);
    expect(message).toMatch(/HTTP 401.*api-key.*When the key no longer works/);
    expect(run.summary).toContain(`<h2>Operations of project ${projectId}: failed</h2>`);
    expect(run.summary).toContain('<p>Error: ');
    expect(run.summary).toContain('When the key no longer works');
    // The outputs and the summary come before the ::error:: that fails the step.
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^::error::/);
    expect(findLeaks(run, ['not-a-live-key-0123456789', key.key])).toEqual([]);
  });

  it('fails on an unknown project, naming the inputs to check, status failed', async () => {
    const run = await wait({ 'project-id': 'no-such-project', 'operation-ids': 'op-1' });

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toEqual(STOPPED_OUTPUTS);
    expect(errors(run)).toEqual([expect.stringMatching(/HTTP 404.*Check project-id and operation-ids/)]);
    expect(run.summary).toContain('<h2>Operations of project no-such-project: failed</h2>');
  });

  it('checks every input before any request, naming each invalid one', async () => {
    const run = await wait({ 'project-id': 'a/b', timeout: 'soon', interval: '0', 'api-url': 'http://example.com/api/v2' });

    expect(run.exitCode).toBe(1);
    expect(platform.log.entries()).toEqual([]);
    expect(run.outputs).toEqual(STOPPED_OUTPUTS);
    expect(run.summary).toContain('<h2>Waiting for operations: failed</h2>');
    const [message, ...others] = errors(run);
    expect(others).toEqual([]);
    expect(message).toMatch(/^4 inputs are invalid; nothing was done:\n/);
    for (const name of ['api-url', 'project-id', 'timeout', 'interval']) expect(message).toContain(`- Input '${name}'`);
  });

  it.each(['timeout', 'interval', 'project-id', 'api-url', 'operation-ids'])(
    'refuses a key pasted into %s without showing any of it',
    async (input) => {
      // Another live key, so nothing masks it: only the error message could give it away.
      const pasted = platform.createKey('pasted by mistake').key;
      const run = await wait({ [input]: pasted });

      expect(findLeakedPieces(run, pasted)).toEqual([]);
      expect(run.exitCode).toBe(1);
      expect(errors(run)).toEqual([expect.stringMatching(new RegExp(`^Input '${input}' (is|holds) a ${pasted.length}-character value`))]);
      expect(platform.log.entries()).toEqual([]);
    },
  );

  it.each([
    ['an empty api-key', { 'api-key': '' }, "Input 'api-key' is required but empty"],
    ['an empty project-id', { 'project-id': ' ' }, "Input 'project-id' is required but empty"],
    ['a control character', { 'operation-ids': 'op-1\u0007' }, "Input 'operation-ids' contains a control character (U+0007)"],
    ['an oversize value', { 'project-id': 'p'.repeat(1001) }, "Input 'project-id' is 1001 characters long"],
    ['a malformed JSON list', { 'operation-ids': '[{"id": 1}]' }, "Input 'operation-ids' has an item 0"],
  ])('refuses %s', async (_what, inputs, problem) => {
    const run = await runAction(ACTION_DIR, {
      inputs: { 'api-key': key.key, 'api-url': platform.url, 'project-id': projectId, ...inputs },
    });

    expect(run.exitCode).toBe(1);
    expect(errors(run)).toEqual([expect.stringContaining(problem)]);
    expect(platform.log.entries()).toEqual([]);
    expect(findLeaks(run, [key.key])).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { locateAction, readActionMetadata } from '../src/action-metadata.js';
import { findLeakedPieces, findLeaks } from '../src/leaks.js';
import { inputEnvName, runAction } from '../src/run-action.js';
import { parseFileCommands, parseWorkflowCommand } from '../src/runner-files.js';

const ECHO_ACTION = fileURLToPath(new URL('./fixtures/echo-action', import.meta.url));
const DEPRECATED_ACTION = fileURLToPath(new URL('./fixtures/deprecated-action', import.meta.url));

describe('runAction', () => {
  it('runs the bundle as the runner does and reads back what the runner reads', async () => {
    const run = await runAction(ECHO_ACTION, {
      inputs: { 'secret value': 'hunter2-hunter2%' },
      env: { GITHUB_REPOSITORY: 'octo/demo' },
    });
    expect(run.exitCode).toBe(0);
    expect(run.timedOut).toBe(false);
    expect(run.masks).toEqual(['hunter2-hunter2%']);
    expect(run.visibleStdout).not.toContain('add-mask');
    expect(run.groups).toEqual(['Step one']);
    // The action.yml default applies, its '' quoting undone.
    expect(run.outputs).toEqual({ greeting: "it's fine\nline two", simple: 'a=b' });
    expect(run.annotations).toEqual([{ level: 'warning', message: '50% done\nsecond line', properties: { title: 'Heads up: x' } }]);
    expect(run.summary).toBe('<h2>octo/demo</h2>\n');
    expect(run.stderr).toBe('cwd true\n');
    // when it ran, for the benchmarks to set against a server's request log
    expect(run.startedAt).toBeGreaterThan(Date.parse('2020-01-01'));
    expect(run.durationMs).toBeGreaterThan(0);
  });

  it('passes the exit code through', async () => {
    const run = await runAction(ECHO_ACTION, { inputs: { 'secret value': 'x', 'exit-code': '3' } });
    expect(run.exitCode).toBe(3);
  });

  it('kills a run that outlives its time limit', async () => {
    const run = await runAction(ECHO_ACTION, { inputs: { 'secret value': 'x', 'exit-code': 'hang' }, timeoutMs: 500 });
    expect(run.timedOut).toBe(true);
    expect(run.signal).toBe('SIGKILL');
  });

  it('refuses an input the action does not declare', async () => {
    await expect(runAction(ECHO_ACTION, { inputs: { 'secret-value': 'x' } })).rejects.toThrow("declares no input 'secret-value'");
  });

  it("surfaces Node's deprecation warnings, as the runner's log would show them", async () => {
    const run = await runAction(DEPRECATED_ACTION);
    expect(run.exitCode).toBe(0);
    expect(run.nodeWarnings).toEqual([expect.stringMatching(/^\(node:\d+\) \[DEP0005\] DeprecationWarning: Buffer\(\) is deprecated/)]);
    const clean = await runAction(ECHO_ACTION, { inputs: { 'secret value': 'x' } });
    expect(clean.nodeWarnings).toEqual([]);
  });

  it("passes the test process's NODE_OPTIONS through, as the runner passes the job's", async () => {
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = '--throw-deprecation';
    try {
      const run = await runAction(DEPRECATED_ACTION);
      expect(run.outputs['node-options']).toBe('--throw-deprecation');
      // the warning became an error: a deprecation a bundle hits fails the step under this option
      expect(run.exitCode).not.toBe(0);
      expect(run.stderr).toContain('DeprecationWarning: Buffer() is deprecated');
    } finally {
      if (saved === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = saved;
    }
    // an option the test gives for one run wins over the inherited one
    const own = await runAction(DEPRECATED_ACTION, { env: { NODE_OPTIONS: '--no-deprecation' } });
    expect(own.outputs['node-options']).toBe('--no-deprecation');
    expect(own.nodeWarnings).toEqual([]);
  });

  it('names input variables as the runner does', () => {
    expect(inputEnvName('api-key')).toBe('INPUT_API-KEY');
    expect(inputEnvName('secret value')).toBe('INPUT_SECRET_VALUE');
  });
});

describe('findLeaks', () => {
  it('finds a secret in the visible log, stderr, outputs and summary, not in mask lines', async () => {
    const run = await runAction(ECHO_ACTION, { inputs: { 'secret value': 'it-is-secret', greeting: 'hello' } });
    expect(findLeaks(run, ['it-is-secret'])).toEqual([]);
    expect(findLeaks(run, ['hello-never'])).toEqual([]);
    const leaky = await runAction(ECHO_ACTION, {
      inputs: { 'secret value': 'it-is-secret', greeting: 'it-is-secret' },
      env: { GITHUB_REPOSITORY: 'it-is-secret' },
    });
    expect(findLeaks(leaky, ['it-is-secret'])).toEqual([
      'secret #0 appears in stdout',
      'secret #0 appears in job summary',
      'secret #0 appears in output greeting',
    ]);
  });

  it('finds any 16-character piece of a secret, in each place once', async () => {
    const secret = '0123456789abcdefghijklmnopqrstuv';
    const run = await runAction(ECHO_ACTION, { inputs: { 'secret value': 'x', greeting: `…${secret.slice(10, 26)}…` } });
    expect(findLeakedPieces(run, secret)).toEqual([
      'characters 10-25 of the secret appear in stdout',
      'characters 10-25 of the secret appear in output greeting',
    ]);
    expect(findLeakedPieces(run, secret, 17)).toEqual([]);
    expect(() => findLeakedPieces(run, 'short')).toThrow('shorter than the pieces');
  });

  it('refuses to search for a value too short to mean anything', async () => {
    const run = await runAction(ECHO_ACTION, { inputs: { 'secret value': 'x' } });
    expect(() => findLeaks(run, [''])).toThrow('too short');
  });
});

describe('runner formats', () => {
  it('parses heredoc and plain file commands', () => {
    expect(parseFileCommands('a<<D1\nx\n\ny\nD1\nb=1\n\nc<<D2\n\nD2\n')).toEqual({ a: 'x\n\ny', b: '1', c: '' });
    // as @actions/core writes GITHUB_OUTPUT
    const written = ['status<<ghadelimiter_1', 'finished', 'ghadelimiter_1', 'ids<<ghadelimiter_2', '["a",', '"b"]', 'ghadelimiter_2', ''];
    expect(parseFileCommands(written.join('\n'))).toEqual({ status: 'finished', ids: '["a",\n"b"]' });
    expect(() => parseFileCommands('a<<D1\nx\n')).toThrow('never closed');
  });

  it('parses workflow commands', () => {
    expect(parseWorkflowCommand('::error::boom')).toEqual({ command: 'error', properties: {}, message: 'boom' });
    expect(parseWorkflowCommand('plain line')).toBeUndefined();
  });

  it('reads action.yml inputs, defaults and outputs', () => {
    const metadata = readActionMetadata(`${ECHO_ACTION}/action.yml`);
    expect(metadata.inputs).toEqual({
      'secret value': { required: true },
      'exit-code': { required: false, default: '0' },
      greeting: { required: false, default: "it's fine" },
    });
    expect(metadata.outputs).toEqual(['greeting']);
    expect(metadata.runs).toEqual({ using: 'node24', main: 'index.mjs' });
  });
});

describe('readActionMetadata on a hand-written action.yml', () => {
  const dir = mkdtempSync(join(tmpdir(), 'action-runner-yml-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads defaults unquoted, skips folded descriptions, and takes no output property for an input', () => {
    const yml = join(dir, 'action.yml');
    writeFileSync(
      yml,
      [
        "name: 'x'",
        'inputs:',
        '  api-key:',
        "    description: 'the key'",
        '    required: true',
        '  api-url:',
        '    description: >-',
        '      folded text',
        "    default: 'https://console.neon.tech/api/v2'",
        '  keep:',
        '    default: "1"',
        '  dry-run:',
        '    default: false',
        'outputs:',
        '  key-id:',
        "    default: 'not an input'",
        'runs:',
        '  using: node24',
      ].join('\n'),
    );
    const metadata = readActionMetadata(yml);
    expect(metadata.inputs).toEqual({
      'api-key': { required: true },
      'api-url': { required: false, default: 'https://console.neon.tech/api/v2' },
      keep: { required: false, default: '1' },
      'dry-run': { required: false, default: 'false' },
    });
    expect(metadata.outputs).toEqual(['key-id']);
  });
});

describe('locateAction', () => {
  const dir = mkdtempSync(join(tmpdir(), 'action-runner-locate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the folder of an Action package installed beside the caller, and names one that is not', () => {
    const folder = join(dir, 'node_modules/@acme/some-action');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), '{"name":"@acme/some-action","type":"module"}');
    writeFileSync(join(folder, 'action.yml'), 'runs:\n  using: node24\n  main: dist/index.js\n');
    const caller = pathToFileURL(join(dir, 'job.js'));
    expect(realpathSync(locateAction('@acme/some-action', caller))).toBe(realpathSync(folder));
    expect(() => locateAction('@acme/no-such-action', caller)).toThrow('@acme/no-such-action');
  });
});

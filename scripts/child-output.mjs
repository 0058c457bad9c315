// A child process's output, printed as it comes and handed to an observer (the test command keeps
// each package's log to count its tests), and its exit code. Shared by turbo.mjs and package-script.mjs.
//
//   pipeOutput(child, { onOutput, prefix: '@keyturn/api:test: ' }); const code = await exitCode(child);

/**
 * Prints the child's stdout and stderr on this process's and hands each chunk to `onOutput`. With
 * `prefix`, whole lines only, each prefixed (as turbo prints a task's lines).
 * @param {import('node:child_process').ChildProcess} child spawned with piped stdout and stderr
 * @param {{ onOutput?: (chunk: string) => void, prefix?: string }} options
 */
export function pipeOutput(child, { onOutput, prefix }) {
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    const write = (text) => {
      sink.write(text);
      onOutput?.(text);
    };
    stream.setEncoding('utf8');
    if (prefix === undefined) {
      stream.on('data', write);
      continue;
    }
    let partial = '';
    stream.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      if (lines.length) write(lines.map((line) => `${prefix}${line}\n`).join(''));
    });
    stream.on('end', () => partial && write(`${prefix}${partial}\n`));
  }
}

/**
 * The child's exit code once it has closed (1 when a signal ended it).
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<number>}
 */
export function exitCode(child) {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

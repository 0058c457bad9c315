// Runs a bundled Action the way a GitHub runner does: `node dist/index.js` with every input as an
// INPUT_<NAME> variable (defaults from action.yml filled in), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
// files, GITHUB_API_URL and GITHUB_REPOSITORY, and nothing else from this process's environment.
// https://docs.github.com/en/actions/sharing-automations/creating-actions/metadata-syntax-for-github-actions#inputs

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runNode, runnerEnvironment } from './child-process.mjs';

/** Inputs and their defaults from action.yml: enough YAML for the flat `inputs:` block. */
export function actionInputDefaults(bundle) {
  const yml = readFileSync(join(dirname(bundle), '..', 'action.yml'), 'utf8');
  const defaults = {};
  let inInputs = false;
  let current;
  for (const line of yml.split('\n')) {
    if (/^\S/.test(line)) inInputs = line.startsWith('inputs:');
    if (!inInputs) continue;
    const input = /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line);
    if (input) current = input[1];
    const value = /^ {4}default:\s*(.*)$/.exec(line);
    if (current && value) defaults[current] = unquote(value[1].trim());
  }
  return defaults;
}

function unquote(text) {
  if ((text.startsWith("'") && text.endsWith("'")) || (text.startsWith('"') && text.endsWith('"'))) return text.slice(1, -1);
  return text;
}

/** The runner's name for an input's variable: spaces to underscores, upper case. */
function inputVariable(name) {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/**
 * @param {string} bundle path of dist/index.js
 * @param {{ inputs: Record<string,string>, env?: Record<string,string>, node?: string, timeoutMs?: number, cpu?: boolean }} step
 *   node: the Node binary (default: this one); timeoutMs: when the process is killed (default 120 s);
 *   cpu: also report its CPU time (runNode)
 */
export async function runAction(bundle, step) {
  const dir = mkdtempSync(join(tmpdir(), 'keyturn-bench-action-'));
  const files = { GITHUB_OUTPUT: 'output', GITHUB_STEP_SUMMARY: 'summary', GITHUB_ENV: 'env', GITHUB_STATE: 'state' };
  const env = runnerEnvironment({ CI: 'true', GITHUB_ACTIONS: 'true', RUNNER_TEMP: dir, RUNNER_OS: 'Linux', ...step.env });
  for (const [variable, file] of Object.entries(files)) {
    env[variable] = join(dir, file);
    writeFileSync(env[variable], '');
  }
  for (const [name, value] of Object.entries({ ...actionInputDefaults(bundle), ...step.inputs })) env[inputVariable(name)] = value;
  try {
    const startedAt = Date.now();
    const result = await runNode([bundle], { env, cwd: dir, node: step.node, timeoutMs: step.timeoutMs, cpu: step.cpu });
    return {
      ...result,
      startedAt,
      outputs: parseOutputFile(readFileSync(env.GITHUB_OUTPUT, 'utf8')),
      summary: readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GITHUB_OUTPUT holds `name<<DELIMITER\nvalue\nDELIMITER` blocks (as @actions/core writes them). */
export function parseOutputFile(text) {
  const outputs = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      outputs[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const simple = /^([^=]+)=(.*)$/.exec(lines[i]);
    if (simple) outputs[simple[1]] = simple[2];
  }
  return outputs;
}

export function fileSize(file) {
  return statSync(file).size;
}

// Runs an Action with GitHub's local runner, @github/local-action, as the Action READMEs tell a
// developer to (`pnpm local-action <folder> <.env>`), and reads back the outputs it prints.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputEnvName, spawnNode } from './run-action.js';

// The repository's `pnpm local-action` script (from src/ or dist/ alike), so tests run what the READMEs tell a developer to.
const SCRIPT = fileURLToPath(new URL('../../../scripts/local-action.mjs', import.meta.url));

/** What @github/local-action printed, and the outputs read from it. */
export interface LocalActionRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** The "Action Outputs" table local-action prints at the end, by output name. */
  outputs: Record<string, string>;
}

/**
 * Runs the Action in `actionDir` with local-action: `inputs` by their action.yml names, `env` as more lines of the .env file
 * (GITHUB_REPOSITORY...).
 */
export async function runLocalAction(
  actionDir: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
): Promise<LocalActionRun> {
  const dir = await mkdtemp(join(tmpdir(), 'keyturn-local-action-'));
  try {
    const envFile = join(dir, '.env');
    const lines = [...Object.entries(inputs).map(([name, value]) => [inputEnvName(name), value]), ...Object.entries(env)];
    await writeFile(envFile, `${lines.map(([name, value]) => `${name}=${value}`).join('\n')}\n`);
    const { exitCode, stdout, stderr } = await spawnNode(process.execPath, [SCRIPT, actionDir, envFile]);
    return { exitCode, stdout, stderr, outputs: readOutputsTable(stdout) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Rows `│ 0 │ 'status' │ 'finished' │` of the console.table after the "Action Outputs" title. */
export function readOutputsTable(stdout: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const start = stdout.lastIndexOf('Action Outputs');
  if (start < 0) return outputs;
  for (const line of stdout.slice(start).split('\n')) {
    const cells = line.split('│').map((cell) => cell.trim());
    // ['', index, name, value, ''] for a data row; the header row's index cell is "(index)"
    if (cells.length !== 5 || !/^\d+$/.test(cells[1] ?? '')) continue;
    outputs[unquote(cells[2]!)] = unquote(cells[3]!);
  }
  return outputs;
}

/** console.table prints strings as util.inspect does: quoted, with \n and the quote escaped. */
function unquote(cell: string): string {
  const quote = cell[0];
  if ((quote !== "'" && quote !== '"' && quote !== '`') || cell.at(-1) !== quote) return cell;
  return cell.slice(1, -1).replace(/\\(['"`\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

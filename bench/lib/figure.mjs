// Runs one figure and records it: machine, date, revision and the command that reproduces it go
// beside every number. A figure whose dependency is not built yet is recorded as "not measured"
// with the reason, and the other figures still run.

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gitRevision, machineInfo } from './machine.mjs';
import { recordFigure } from './results-file.mjs';
import { MissingDependency, rootDir } from './workspace.mjs';

export const figureOrder = [
  'waiting',
  'waiting-latency',
  'iteration',
  'action-startup',
  'fleet',
  'fleet-matrix',
  'cli-startup',
  'alert-to-revoked',
  'inventory',
  'clock-noop',
];

/**
 * A figure of `pnpm bench`; its command, recorded beside its numbers, runs it alone.
 * @param {{ id: string, title: string, run: () => Promise<{ markdown: string, headline: object[] }> }} figure
 */
export function defineFigure({ id, title, run }) {
  return { id, title, command: `node bench/run-all.mjs ${id}`, run };
}

/**
 * @param {ReturnType<typeof defineFigure>} figure
 */
export async function runFigure(figure) {
  const machine = machineInfo();
  const started = performance.now();
  const base = { title: figure.title, command: figure.command, machine, date: new Date().toISOString(), revision: gitRevision(rootDir) };
  let outcome;
  try {
    const { markdown, headline } = await figure.run();
    outcome = { ...base, status: 'measured', markdown, headline };
  } catch (error) {
    if (!(error instanceof MissingDependency)) throw error;
    outcome = { ...base, status: 'not measured', markdown: `**Not measured:** ${error.message}.`, headline: [] };
  }
  outcome.tookMs = performance.now() - started;
  recordFigure(figure.id, outcome, figureOrder);
  console.log(`bench: ${figure.id} ${outcome.status} in ${Math.round(outcome.tookMs / 1000)} s`);
  return outcome;
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl) {
  return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(moduleUrl));
}

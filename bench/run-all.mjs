// `pnpm bench`: every figure in turn, one at a time (the machine has 2 cores), then RESULTS.md.
// `node run-all.mjs [figure ...]` runs only the named figures; the others keep their last results.

import { figureOrder, runFigure } from './lib/figure.mjs';

const figures = {
  waiting: () => import('./figures/waiting.mjs'),
  'waiting-latency': () => import('./figures/waiting-latency.mjs'),
  iteration: () => import('./figures/iteration.mjs'),
  'action-startup': () => import('./figures/action-startup.mjs'),
  fleet: () => import('./figures/fleet.mjs'),
  'fleet-matrix': () => import('./figures/fleet-matrix.mjs'),
  'cli-startup': () => import('./figures/cli-startup.mjs'),
  'alert-to-revoked': () => import('./figures/alert-to-revoked.mjs'),
  inventory: () => import('./figures/inventory.mjs'),
};

const named = process.argv.slice(2);
const unknown = named.filter((n) => !(n in figures));
if (unknown.length > 0) {
  console.error(`bench: unknown figure ${unknown.join(', ')}; known: ${figureOrder.join(', ')}`);
  process.exit(2);
}

const started = performance.now();
for (const id of named.length > 0 ? named : figureOrder) {
  const { figure } = await figures[id]();
  await runFigure(figure);
}
console.log(`bench: done in ${Math.round((performance.now() - started) / 1000)} s; see bench/RESULTS.md`);

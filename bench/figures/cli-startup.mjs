// Figure 7, CLI start-up (issue 23, item 5): the bundled `keyturn` bin on Node 20 and on Node 24,
// `keyturn --help` and a `keyturn wait` that finds nothing pending, against the floor: node
// starting a script that sends the same requests with fetch (none for --help). Target: within 15%
// of the floor on wall time.

import { statSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode, runnerEnvironment } from '../lib/child-process.mjs';
import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { table } from '../lib/markdown.mjs';
import { median, ms } from '../lib/stats.mjs';
import { benchDir, importBuilt, importRepoScript, requireBuiltFile, rootDir } from '../lib/workspace.mjs';

const REPS = 21;
const TARGET = 0.15;
const BIN = join(rootDir, 'packages/cli/dist/index.js');
const FLOOR = join(benchDir, 'probes/fetch-floor.mjs');

export const figure = defineFigure({
  id: 'cli-startup',
  title: '7. CLI start-up on Node 20 and Node 24: `keyturn --help` and a `keyturn wait` that finds nothing pending, against the floor',
  run: measure,
});

async function measure() {
  requireBuiltFile(BIN, 'the keyturn bin (packages/cli/dist/index.js)');
  const { startPlatformEmulator } = await importBuilt('@keyturn/emulator', ['startPlatformEmulator']);
  const { node24 } = await importRepoScript('scripts/node24.mjs');
  const runtimes = [{ node: process.execPath }, { node: await node24() }];
  for (const runtime of runtimes) runtime.name = `Node ${(await runNode(['--version'], { node: runtime.node })).stdout.trim().slice(1)}`;
  const platform = await startPlatformEmulator();
  try {
    const apiKey = platform.createKey('bench').key;
    const project = platform.createProject({ name: 'bench' });
    const env = runnerEnvironment({ NEON_API_KEY: apiKey, BENCH_API_KEY: apiKey, CI: 'true' });
    const waitArgs = ['wait', '--project-id', project.id, '--api-url', platform.url, '--output', 'json'];
    // The requests a wait that finds nothing sends, as the emulator saw them: the floor sends the same.
    const before = platform.log.entries().length;
    const probe = await runNode([BIN, ...waitArgs], { env });
    if (probe.code !== 0) throw new Error(`keyturn wait failed: ${probe.stderr}`);
    const waitUrls = platform.log
      .entries()
      .slice(before)
      .map((e) => `${platform.url}${e.path}${e.query ? `?${new URLSearchParams(e.query)}` : ''}`);
    // Each floor prints what its command printed (BENCH_FLOOR_OUTPUT), so both write the same bytes.
    const printed = async (args) => {
      const file = join(await mkdtemp(join(tmpdir(), 'keyturn-floor-')), 'stdout');
      await writeFile(file, (await runNode(args, { env })).stdout);
      return { ...env, BENCH_FLOOR_OUTPUT: file };
    };
    const scenarios = [
      { name: 'keyturn --help', args: [BIN, '--help'], floorArgs: [FLOOR], requests: 0, floorEnv: await printed([BIN, '--help']) },
      {
        name: 'keyturn wait (nothing pending)',
        args: [BIN, ...waitArgs],
        floorArgs: [FLOOR, ...waitUrls],
        requests: waitUrls.length,
        floorEnv: await printed([BIN, ...waitArgs]),
      },
    ];
    const cells = runtimes.flatMap((runtime) => scenarios.map((scenario) => ({ runtime, scenario, runs: [], floors: [] })));
    // One unmeasured run of each first: the entry's code cache (Node 22.1+) is written at the first start.
    for (const cell of cells) await runNode(cell.scenario.args, { env, node: cell.runtime.node });
    for (const runtime of runtimes) runtime.cache = await compileCacheOf(runtime, [BIN, ...waitArgs], env);
    // Round-robin, so a burst of load from another process on the shared machine hits every cell.
    for (let rep = 0; rep < REPS; rep++) {
      for (const cell of cells) {
        const run = await runNode(cell.scenario.args, { env, node: cell.runtime.node });
        if (run.code !== 0) throw new Error(`${cell.scenario.name} exited ${run.code}: ${run.stderr}`);
        cell.runs.push(run.wallMs);
        const floor = await runNode(cell.scenario.floorArgs, { env: cell.scenario.floorEnv, node: cell.runtime.node });
        if (floor.code !== 0) throw new Error(`the floor of ${cell.scenario.name} exited ${floor.code}: ${floor.stderr}`);
        cell.floors.push(floor.wallMs);
      }
    }
    return render(cells, waitUrls, platform);
  } finally {
    await platform.close();
  }
}

/**
 * Whether a start of `args` on `runtime` took the entry's code from its code cache (the bin says so
 * under NODE_DEBUG=keyturn, packages/cli/src/entry-script.ts), and where the cache is: the bench
 * must time what a user's second start costs.
 */
async function compileCacheOf(runtime, args, env) {
  const { stderr } = await runNode(args, { env: { ...env, NODE_DEBUG: 'keyturn' }, node: runtime.node });
  if (/: no code cache \(/.test(stderr)) return 'none (this Node has no module.enableCompileCache)';
  const accepted = /(keyturn-[\w-]+\.js): code cache (\S+) accepted/.exec(stderr);
  if (accepted === null) throw new Error(`keyturn wait on ${runtime.name} compiled without its code cache:\n${stderr}`);
  return `hit for ${accepted[1]} (\`${accepted[2].replace(/^.*\/(keyturn-[^/]+\/)/, '$1')}\` in Node's compile cache directory)`;
}

function render(cells, waitUrls, platform) {
  const rows = cells.map(({ runtime, scenario, runs, floors }) => {
    const wall = median(runs);
    const floor = median(floors);
    const over = wall / floor - 1;
    return { runtime, scenario, wall, floor, over };
  });
  const size = (file) => {
    const bytes = statSync(join(rootDir, 'packages/cli/dist', file)).size;
    return bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KiB`;
  };
  const markdown = [
    `Median wall time of ${REPS} runs, spawn to exit, each beside its floor (round-robin). The floor: node starting a script that sends the same requests with \`fetch\` and prints what the command printed (no request for \`--help\`; for the wait: ${waitUrls.map((u) => `\`GET ${u.slice(platform.url.length)}\``).join(', ')}). Target: within ${TARGET * 100}% of the floor.`,
    '',
    table(
      ['runtime', 'command', 'requests', 'keyturn', 'floor', 'over the floor', 'target met'],
      rows.map((r) => [
        r.runtime.name,
        r.scenario.name,
        r.scenario.requests,
        ms(r.wall),
        ms(r.floor),
        `${(r.over * 100).toFixed(1)}% (${ms(r.wall - r.floor)})`,
        r.over <= TARGET ? 'yes' : 'no',
      ]),
    ),
    '',
    `What each start loads: \`dist/index.js\` (${size('index.js')}: the help texts, taken from the program at build time, which it prints for \`--help\` without loading anything else; else it turns on the compile cache on Node 22.1+) then the named command's entry, one file holding commander, that command's declaration and its run, run as a script with a V8 code cache the bin writes after a first run that exits 0 (it holds every function that run compiled; Node's own compile cache holds only what is compiled before a module runs): \`dist/keyturn-wait.js\` ${size('keyturn-wait.js')}, \`dist/keyturn-rotate.js\` ${size('keyturn-rotate.js')} (\`dist/main.js\`, ${size('main.js')}, commander and every declaration, when no command is named); \`dist/config-file.js\` (${size('config-file.js')}, the YAML parser) only when a keyturn.yml is there. Code cache, after one unmeasured start of each command: ${[...new Set(cells.map((c) => c.runtime))].map((r) => `${r.name} ${r.cache}`).join('; ')}.`,
  ].join('\n');
  const headline = rows.flatMap((r) => {
    const key = `cli.${r.runtime.name.startsWith('Node 24') ? 'node24' : 'node20'}.${r.scenario.name.startsWith('keyturn --help') ? 'help' : 'wait'}`;
    const label = `${r.scenario.name} on ${r.runtime.name}`;
    return [
      { key: `${key}.wall`, label: `${label}: wall`, value: r.wall, unit: 'ms' },
      { key: `${key}.floor`, label: `${label}: floor`, value: r.floor, unit: 'ms' },
    ];
  });
  return { markdown, headline };
}

if (isMain(import.meta.url)) await runFigure(figure);

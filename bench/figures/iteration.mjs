// Figure 2, iteration: every operation of a 20,000-operation project, each client in its own
// process: wall time, requests (from the emulator log) and peak memory growth, against @neon/sdk.

import { join } from 'node:path';
import { runJsonProbe, runnerEnvironment } from '../lib/child-process.mjs';
import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { entriesUnder } from '../lib/request-log.mjs';
import { median, mib, ms } from '../lib/stats.mjs';
import { benchDir, importBuilt } from '../lib/workspace.mjs';

const OPERATIONS = 20_000;
const TIMED_REPS = 3;
const SAMPLE_MS = 50;
const CLIENTS = [
  { mode: 'keyturn', label: 'keyturn `for await (… of operations.list(id))`' },
  { mode: 'keyturn-limit-1000', label: 'keyturn `operations.list(id, { limit: 1000 })`' },
  { mode: 'sdk-iterate', label: '@neon/sdk `for await (… of operations.list({ projectId }))`' },
  { mode: 'sdk-all', label: '@neon/sdk `operations.list({ projectId }).all()`' },
];

export const figure = defineFigure({
  id: 'iteration',
  title: `3. Iteration: every operation of a ${OPERATIONS.toLocaleString('en')}-operation project`,
  run: measureIteration,
});

async function measureIteration() {
  const { startPlatformEmulator } = await importBuilt('@keyturn/emulator', ['startPlatformEmulator']);
  await importBuilt('@keyturn/api', ['createClient']);
  const emulator = await startPlatformEmulator();
  try {
    const { key } = emulator.createKey('bench-iteration');
    const project = emulator.createProject({ name: 'bench-iteration' });
    emulator.seedOperations(project.id, OPERATIONS);
    const env = runnerEnvironment({ BENCH_BASE_URL: emulator.url, BENCH_API_KEY: key, BENCH_PROJECT_ID: project.id });
    const child = join(benchDir, 'figures/iteration-child.mjs');
    const runs = Object.fromEntries(CLIENTS.map(({ mode }) => [mode, { timed: [], requests: [] }]));
    // Round-robin, so a burst of load from another process on the shared machine hits every client.
    for (let rep = 0; rep < TIMED_REPS; rep++) {
      for (const { mode } of CLIENTS) {
        emulator.log.clear();
        runs[mode].timed.push(await runJsonProbe([child, mode], { env }));
        // Less the child's warm-up request, which is not part of the walk.
        runs[mode].requests.push(entriesUnder(emulator.log, `/projects/${project.id}`).length - 1);
      }
    }
    const rows = [];
    for (const { mode, label } of CLIENTS) {
      const { timed, requests } = runs[mode];
      // Memory is measured in a separate run: sampling forces a GC every few milliseconds, which
      // would distort the wall time.
      const memory = await runJsonProbe(['--expose-gc', child, mode], { env: { ...env, BENCH_SAMPLE_MS: String(SAMPLE_MS) } });
      rows.push({
        mode,
        label,
        count: timed[0].count,
        ordered: timed.every((t) => t.ordered && t.count === OPERATIONS),
        walkMs: median(timed.map((t) => t.walkMs)),
        processMs: median(timed.map((t) => t.wallMs)),
        requests: median(requests),
        heapGrowth: memory.heapGrowth,
        rssGrowth: memory.rssGrowth,
      });
    }
    return { markdown: render(rows), headline: headline(rows) };
  } finally {
    await emulator.close();
  }
}

function render(rows) {
  return [
    `${OPERATIONS.toLocaleString('en')} seeded operations in one project of the platform emulator (its default page, without`,
    '`limit`, is 10). Each client runs alone in a child process: walk time is the median of',
    `${TIMED_REPS} runs, after one warm-up request that loads fetch and opens the connection (process time`,
    'includes node start, module load and the warm-up); requests come from the emulator log. Memory comes',
    `from one more run with \`--expose-gc\`: live heap after a GC every ${SAMPLE_MS} ms during the walk, peak minus the`,
    'value before it, and peak RSS (`process.resourceUsage().maxRSS`) minus RSS before the walk.',
    '',
    table(
      ['client', 'operations (all, in order)', 'requests', 'walk time', 'process time', 'peak heap growth', 'peak RSS growth'],
      rows.map((r) => [
        r.label,
        `${r.count} (${r.ordered ? 'yes' : 'NO'})`,
        r.requests,
        ms(r.walkMs),
        ms(r.processMs),
        mib(r.heapGrowth),
        mib(r.rssGrowth),
      ]),
    ),
    '',
    bullet(verdicts(rows)),
  ].join('\n');
}

function verdicts(rows) {
  const [k, s] = [rows.find((r) => r.mode === 'keyturn'), rows.find((r) => r.mode === 'sdk-iterate')];
  return [
    `keyturn against the SDK's streaming walk: ${k.requests} requests against ${s.requests}, ${ms(k.walkMs)} against ${ms(s.walkMs)}.`,
    `keyturn memory stays flat: ${k.heapGrowth < 8 * 1024 * 1024 ? 'yes' : 'NO'} (peak heap growth ${mib(k.heapGrowth)} for ${OPERATIONS.toLocaleString('en')} operations).`,
  ];
}

function headline(rows) {
  return rows.flatMap((r) => [
    { key: `iteration.${r.mode}.requests`, label: `iterate 20k, ${r.mode}: requests`, value: r.requests, unit: 'requests' },
    { key: `iteration.${r.mode}.walk`, label: `iterate 20k, ${r.mode}: walk time`, value: r.walkMs, unit: 'ms' },
    { key: `iteration.${r.mode}.heap`, label: `iterate 20k, ${r.mode}: peak heap growth`, value: r.heapGrowth / 1024 / 1024, unit: 'MiB' },
  ]);
}

if (isMain(import.meta.url)) await runFigure(figure);

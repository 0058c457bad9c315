// Figure 3, Action start-up: each bundled Action's full run as a runner starts it, against the
// local emulators, split into node start, module load, libsodium init and requests; the floor
// (a process that does only the unavoidable part) and how close each Action is to it; bundle sizes.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileSize, runAction } from '../lib/action-runner.mjs';
import { runJsonProbe, runNode, runnerEnvironment } from '../lib/child-process.mjs';
import { buildDependencyBundle } from '../lib/deps-bundle.mjs';
import { isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { pathShape } from '../lib/request-log.mjs';
import { kib, median, ms, percentile, sum } from '../lib/stats.mjs';
import { actionBundles, benchDir, importBuilt, requireBuiltFile } from '../lib/workspace.mjs';
import { rotateKeyScenario, waitScenario } from './action-scenarios.mjs';

const REPS = 7;
const TARGET_ROTATION_MS = 400;

export const figure = {
  id: 'action-startup',
  title: '3. Action start-up: a full run of each bundled Action, and its floor',
  command: 'node bench/run-all.mjs action-startup',
  run: measureStartup,
};

async function measureStartup() {
  for (const bundle of Object.values(actionBundles)) requireBuiltFile(bundle, 'the Action bundle');
  const emulator = await importBuilt('@keyturn/emulator', ['startPlatformEmulator', 'startGitHubEmulator']);
  const platform = await emulator.startPlatformEmulator();
  const github = await emulator.startGitHubEmulator({ repos: ['acme/app'], tokens: { 'ghp_bench-write': 'write' } });
  const tmp = mkdtempSync(join(tmpdir(), 'keyturn-bench-startup-'));
  try {
    const probeEnv = runnerEnvironment({ BENCH_URL: platform.url, BENCH_API_KEY: platform.createKey('bench-floor').key });
    const scenarios = [rotateKeyScenario(platform, github), waitScenario(platform)];
    const samples = new Map();
    for (const scenario of scenarios) {
      const deps = await buildDependencyBundle(scenario.packageDir, join(tmp, scenario.name));
      await actionRun(scenario, platform, github); // warm-up: the steady state, e.g. a managed key to revoke
      samples.set(scenario, { deps, runs: [], floorFetch: [], floorHttp: [], floorLiftoff: [], bundleLoad: [] });
    }
    const nodeStart = [];
    // Round-robin, so a burst of load from another process on the shared machine hits every figure.
    for (let rep = 0; rep < REPS; rep++) {
      nodeStart.push((await runNode([join(benchDir, 'probes/empty.mjs')])).wallMs);
      for (const scenario of scenarios) {
        const s = samples.get(scenario);
        const floor = (transport, flags = []) =>
          runJsonProbe([...flags, join(benchDir, 'probes/floor.mjs'), s.deps.outfile, String(scenario.floorRequests), transport], { env: probeEnv });
        s.runs.push(await actionRun(scenario, platform, github));
        s.floorFetch.push(await floor('fetch'));
        s.floorHttp.push(await floor('http'));
        s.floorLiftoff.push(await floor('fetch', ['--liftoff-only']));
        s.bundleLoad.push(await noInputRun(scenario, platform, github));
      }
    }
    const results = scenarios.map((scenario) => {
      const s = samples.get(scenario);
      return {
        scenario,
        deps: s.deps,
        runs: s.runs,
        floorRequests: scenario.floorRequests,
        floor: medianFields(s.floorFetch),
        floorHttp: medianFields(s.floorHttp),
        floorLiftoff: medianFields(s.floorLiftoff),
        bundleLoad: s.bundleLoad,
      };
    });
    return { markdown: render(results, median(nodeStart)), headline: headline(results) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await platform.close();
    await github.close();
  }
}

/** The real bundle without its required inputs: it loads what it loads eagerly, then fails at once. */
async function noInputRun(scenario, platform, github) {
  const run = await runAction(scenario.bundle, { inputs: { 'api-url': platform.url }, env: { GITHUB_API_URL: github.url } });
  if (run.code === 0) throw new Error(`${scenario.name} succeeded without its required inputs`);
  return run.wallMs;
}

/** Median of each field of a probe's JSON. */
function medianFields(samples) {
  return Object.fromEntries(Object.keys(samples[0]).map((k) => [k, median(samples.map((s) => s[k]))]));
}

/** One full run of the Action, split by what the emulators' logs saw. */
async function actionRun(scenario, platform, github) {
  const step = scenario.nextStep();
  platform.log.clear();
  github.log.clear();
  const run = await runAction(scenario.bundle, step);
  scenario.check(run);
  const entries = [...platform.log.entries(), ...github.log.entries()].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const firstStart = Date.parse(entries[0].time);
  const lastEnd = Math.max(...entries.map((e) => Date.parse(e.time) + e.durationMs));
  return {
    wallMs: run.wallMs,
    toFirstRequestMs: firstStart - run.startedAt,
    requestPhaseMs: lastEnd - firstStart,
    afterLastMs: run.startedAt + run.wallMs - lastEnd,
    requests: entries.map((e) => `${e.method} ${pathShape(e.path)}`),
  };
}

function render(results, nodeStartMs) {
  const runRows = results.map(({ scenario, runs }) => {
    const wall = runs.map((r) => r.wallMs);
    return [
      scenario.name,
      `${ms(median(wall))} (p90 ${ms(percentile(wall, 90))})`,
      ms(median(runs.map((r) => r.toFirstRequestMs))),
      ms(median(runs.map((r) => r.requestPhaseMs))),
      ms(median(runs.map((r) => r.afterLastMs))),
      runs[0].requests.length,
    ];
  });
  const floorRows = results.map(({ scenario, floor, floorRequests }) => [
    scenario.name,
    ms(nodeStartMs),
    ms(floor.loadMs),
    floor.sodiumMs > 0.05 ? ms(floor.sodiumMs) : '—',
    `${floorRequests}: ${ms(floor.requestsMs)} (first ${ms(floor.firstRequestMs)})`,
    ms(floor.wallMs - floor.doneMs),
    ms(floor.wallMs),
  ]);
  const compareRows = results.map(({ scenario, runs, floor, floorHttp, floorLiftoff, bundleLoad }) => {
    const wall = median(runs.map((r) => r.wallMs));
    return [
      scenario.name,
      ms(median(bundleLoad)),
      ms(floor.wallMs),
      `${ms(floorHttp.wallMs)} (exit tail ${ms(floorHttp.wallMs - floorHttp.doneMs)})`,
      `${ms(floorLiftoff.wallMs)} (exit tail ${ms(floorLiftoff.wallMs - floorLiftoff.doneMs)})`,
      `${ms(wall)}: ${signed(wall - floor.wallMs)} (${signed(((wall / floor.wallMs) - 1) * 100, '%')})`,
    ];
  });
  const sizeRows = results.map(({ scenario, deps }) => [
    scenario.name,
    kib(fileSize(scenario.bundle)),
    `${kib(fileSize(deps.outfile))} (${deps.names.join(', ')})`,
    kib(fileSize(scenario.bundle) - fileSize(deps.outfile)),
  ]);
  const requestLists = results.map(({ scenario, runs }) => `${scenario.name}: ${summarizeRequests(runs[0].requests)}`);
  return [
    `Each Action runs as a runner runs it: \`node dist/index.js\` in a fresh process, inputs as \`INPUT_*\`,`,
    '`GITHUB_OUTPUT`/`GITHUB_STEP_SUMMARY` files, `GITHUB_API_URL` at the GitHub emulator, nothing else',
    `inherited (as on a runner, every process of this figure gets only PATH and HOME: this machine's shell sets NODE_EXTRA_CA_CERTS, which slows every node start by tens of milliseconds). Medians of ${REPS} runs after one warm-up run, every measurement of this figure taken in turn. ${results.map((r) => r.scenario.description).join(' ')}`,
    '',
    'Where the time of a run goes (spawn, first request and last response are read from the emulators\' logs):',
    '',
    table(['Action', 'wall', 'spawn → first request', 'request phase', 'last response → exit', 'requests'], runRows),
    '',
    'Requests of one run (in order): ',
    '',
    bullet(requestLists),
    '',
    'The floor is a process that does only what no Action can avoid: start Node, load the Action\'s',
    'third-party dependencies (a bundle of exactly the names its sources import, built by the Actions\'',
    'own builder), initialise libsodium where secrets are sealed, make the fewest requests the Action',
    'needs with the global `fetch`, exit (`bench/probes/floor.mjs`). "Exit tail" is the time from its',
    'last response to the end of the process.',
    '',
    table(['Action', 'node start (empty script)', 'deps load', 'libsodium init', 'floor requests (fetch)', 'exit tail', 'floor wall'], floorRows),
    '',
    'Against the Action: "bundle, no inputs" runs the real dist/index.js without its required inputs (it',
    'loads what it loads eagerly, then fails at once). The same floor with the requests made by',
    '`node:http` instead of `fetch`, and with `fetch` under `node --liftoff-only` (V8 never re-optimises',
    'WebAssembly), shows where the fetch floor\'s time goes: undici parses HTTP with llhttp compiled to',
    'WebAssembly, and the process cannot exit before V8 has finished optimising that module.',
    '',
    table(['Action', 'bundle, no inputs', 'floor (fetch)', 'floor (node:http)', 'floor (fetch, --liftoff-only)', 'Action wall: over the fetch floor'], compareRows),
    '',
    table(['Action', 'dist/index.js', 'dependencies alone', 'own code (difference)'], sizeRows),
    '',
    bullet(verdicts(results)),
  ].join('\n');
}

function signed(value, unit = ' ms') {
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(0)}${unit}`;
}

function summarizeRequests(requests) {
  const out = [];
  for (const r of requests) {
    const last = out.at(-1);
    if (last?.name === r) last.count++;
    else out.push({ name: r, count: 1 });
  }
  return out.map((r) => `\`${r.name}\`${r.count > 1 ? ` ×${r.count}` : ''}`).join(', ');
}

function verdicts(results) {
  const rotation = results.find((r) => r.scenario.name === 'rotate-key');
  const wall = median(rotation.runs.map((r) => r.wallMs));
  return [
    `Full rotation under ${TARGET_ROTATION_MS} ms wall: ${wall < TARGET_ROTATION_MS ? 'yes' : 'NO'} (median ${ms(wall)}).`,
    ...results.map(({ scenario, runs, floorRequests }) => {
      const n = runs[0].requests.length;
      return `${scenario.name}: ${n} request${n === 1 ? '' : 's'} against a floor of ${floorRequests}${n > floorRequests ? ` (${n - floorRequests} more)` : ''}; ${ms(sum(runs.map((r) => r.requestPhaseMs)) / runs.length)} mean request phase.`;
    }),
  ];
}

function headline(results) {
  return results.flatMap(({ scenario, runs, floor }) => [
    { key: `startup.${scenario.name}.wall`, label: `${scenario.name} Action: wall`, value: median(runs.map((r) => r.wallMs)), unit: 'ms' },
    { key: `startup.${scenario.name}.toFirst`, label: `${scenario.name} Action: spawn → first request`, value: median(runs.map((r) => r.toFirstRequestMs)), unit: 'ms' },
    { key: `startup.${scenario.name}.requests`, label: `${scenario.name} Action: requests`, value: runs[0].requests.length, unit: 'requests' },
    { key: `startup.${scenario.name}.floor`, label: `${scenario.name} Action: floor`, value: floor.wallMs, unit: 'ms' },
    { key: `startup.${scenario.name}.bundle`, label: `${scenario.name} Action: dist/index.js`, value: fileSize(scenario.bundle) / 1024, unit: 'KiB' },
  ]);
}

if (isMain(import.meta.url)) await runFigure(figure);

// Figure 4, Action start-up: each bundled Action's full run as a runner starts it, against the
// local emulators, on Node 20 and on Node 24 (the runner's runtime for `using: node24`), split into
// node start, module load, libsodium init and requests; the floor (a process that does only the
// unavoidable part) and how close each Action is to it; bundle sizes.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runActionStep, runJsonProbe, runNode, runnerEnvironment } from '../lib/child-process.mjs';
import { buildDependencyBundle } from '../lib/deps-bundle.mjs';
import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { pathShape } from '../lib/request-log.mjs';
import { median, medianOrNull } from '../lib/stats.mjs';
import { actions, benchDir, githubWriteIntervalMs, importBuilt, importRepoScript, requireBuiltFile } from '../lib/workspace.mjs';
import { GITHUB_TOKEN, rotateKeyScenario, waitScenario } from './action-scenarios.mjs';
import { headline, render } from './action-startup-render.mjs';

// Eleven: the CPU verdicts are within a few milliseconds of the margin, and the machine is shared.
const REPS = 11;

export const figure = defineFigure({
  id: 'action-startup',
  title: '4. Action start-up on Node 20 and Node 24: a full run of each bundled Action, and its floor',
  run: measureStartup,
});

async function measureStartup() {
  for (const { bundle } of Object.values(actions)) requireBuiltFile(bundle, 'the Action bundle');
  const emulator = await importBuilt('@keyturn/emulator', ['startPlatformEmulator', 'startGitHubEmulator']);
  const { node24 } = await importRepoScript('scripts/node24.mjs');
  const runtimes = [
    { name: `Node ${process.versions.node}`, node: process.execPath },
    { name: 'Node 24', node: await node24() },
  ];
  runtimes[1].name = `Node ${(await runNode(['--version'], { node: runtimes[1].node })).stdout.trim().slice(1)}`;
  const platform = await emulator.startPlatformEmulator();
  const github = await emulator.startGitHubEmulator({ repos: ['acme/app'], tokens: { [GITHUB_TOKEN]: 'write' } });
  const tmp = mkdtempSync(join(tmpdir(), 'keyturn-bench-startup-'));
  try {
    const probeEnv = runnerEnvironment({
      BENCH_URL: platform.url,
      BENCH_API_KEY: platform.createKey('bench-floor').key,
      BENCH_GITHUB_READ: `${github.url}/repos/acme/app/actions/secrets/public-key`,
      BENCH_GITHUB_TOKEN: GITHUB_TOKEN,
    });
    const scenarios = [rotateKeyScenario(platform, github, await githubWriteIntervalMs()), waitScenario(platform)];
    const deps = new Map();
    for (const scenario of scenarios) deps.set(scenario, await buildDependencyBundle(scenario.packageDir, join(tmp, scenario.name)));
    const cells = runtimes.flatMap((runtime) => scenarios.map((scenario) => ({ runtime, scenario })));
    const samples = new Map();
    for (const cell of cells) {
      await actionRun(cell, platform, github); // warm-up: the steady state, e.g. a managed key to revoke
      samples.set(cell, { runs: [], floorFetch: [], floorHttp: [], floorLiftoff: [], floorOctokit: [], bundleLoad: [] });
    }
    const nodeStart = new Map(runtimes.map((r) => [r, []]));
    const nodeStartCpu = new Map(runtimes.map((r) => [r, []]));
    // Round-robin, so a burst of load from another process on the shared machine hits every figure.
    for (let rep = 0; rep < REPS; rep++) {
      for (const runtime of runtimes) {
        const empty = await runNode([join(benchDir, 'probes/empty.mjs')], { node: runtime.node, cpu: true });
        nodeStart.get(runtime).push(empty.wallMs);
        nodeStartCpu.get(runtime).push(empty.cpuMs);
      }
      for (const cell of cells) {
        const { runtime, scenario } = cell;
        const s = samples.get(cell);
        const floor = (transport, flags = []) =>
          runJsonProbe(
            [
              ...flags,
              join(benchDir, 'probes/floor.mjs'),
              deps.get(scenario).outfile,
              scenario.floorServices.join(','),
              transport,
              String(scenario.floorWriteSpacingMs),
            ],
            {
              env: probeEnv,
              node: runtime.node,
              cpu: true,
            },
          );
        s.runs.push(await actionRun(cell, platform, github));
        s.floorFetch.push(await floor('fetch'));
        s.floorHttp.push(await floor('http'));
        s.floorLiftoff.push(await floor('fetch', ['--liftoff-only']));
        // Only rotate-key talks to GitHub, so only its floor has an Octokit variant.
        if (scenario.floorServices.some((service) => service.startsWith('github'))) s.floorOctokit.push(await floor('octokit'));
        s.bundleLoad.push(await noInputRun(cell, platform, github));
      }
    }
    const results = cells.map((cell) => {
      const s = samples.get(cell);
      return {
        ...cell,
        deps: deps.get(cell.scenario),
        runs: s.runs,
        floorRequests: cell.scenario.floorServices.length,
        floor: medianFields(s.floorFetch),
        floorHttp: medianFields(s.floorHttp),
        floorLiftoff: medianFields(s.floorLiftoff),
        floorOctokit: s.floorOctokit.length > 0 ? medianFields(s.floorOctokit) : null,
        bundleLoad: s.bundleLoad,
        nodeStartMs: median(nodeStart.get(cell.runtime)),
        nodeStartCpuMs: median(nodeStartCpu.get(cell.runtime)),
      };
    });
    return { markdown: render(results, REPS), headline: headline(results) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await platform.close();
    await github.close();
  }
}

/** The real bundle without its required inputs: it loads what it loads eagerly, then fails at once. */
async function noInputRun({ scenario, runtime }, platform, github) {
  const run = await runActionStep(scenario.dir, {
    inputs: { 'api-url': platform.url },
    env: { GITHUB_API_URL: github.url },
    node: runtime.node,
  });
  if (run.exitCode === 0) throw new Error(`${scenario.name} succeeded without its required inputs`);
  return run.durationMs;
}

/** Median of each field of a probe's JSON; null for a field the runtime could not measure. */
function medianFields(samples) {
  return Object.fromEntries(Object.keys(samples[0]).map((k) => [k, medianOrNull(samples.map((s) => s[k]))]));
}

/** One full run of the Action, split by what the emulators' logs saw. */
async function actionRun({ scenario, runtime }, platform, github) {
  const step = scenario.nextStep();
  platform.log.clear();
  github.log.clear();
  const run = await runActionStep(scenario.dir, { ...step, node: runtime.node, cpu: true });
  scenario.check(run);
  const entries = [...platform.log.entries(), ...github.log.entries()].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const firstStart = Date.parse(entries[0].time);
  const lastEnd = Math.max(...entries.map((e) => Date.parse(e.time) + e.durationMs));
  return {
    wallMs: run.durationMs,
    cpuMs: run.cpuMs,
    mainCpuMs: run.mainCpuMs,
    mainCpuBeforeRequestMs: run.mainCpuBeforeRequestMs,
    toFirstRequestMs: firstStart - run.startedAt,
    requestPhaseMs: lastEnd - firstStart,
    afterLastMs: run.startedAt + run.durationMs - lastEnd,
    requests: entries.map((e) => `${e.method} ${pathShape(e.path)}`),
  };
}

if (isMain(import.meta.url)) await runFigure(figure);

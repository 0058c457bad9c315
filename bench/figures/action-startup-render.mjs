// The tables and verdicts of the Action start-up figure (action-startup.mjs measures), one row per
// Action and runtime.

import { statSync } from 'node:fs';
import { bullet, table } from '../lib/markdown.mjs';
import { kib, median, medianOrNull, ms, percentile, sum } from '../lib/stats.mjs';

const TARGET_ROTATION_MS = 400;
/** Issue #14: each Action within 10% of its floor on the runner's runtime. */
const FLOOR_MARGIN = 0.1;
const RUNNER_RUNTIME = 'Node 24';
const fileSize = (file) => statSync(file).size;

const wallOf = (result) => median(result.runs.map((r) => r.wallMs));
const cpuOf = (result) => median(result.runs.map((r) => r.cpuMs));
/** The CPU time of a run in three parts, or null where the runtime cannot tell the main thread's. */
function cpuParts(run) {
  if (run.mainCpuMs === null || run.mainCpuBeforeRequestMs === null) return null;
  return {
    beforeRequest: run.mainCpuBeforeRequestMs,
    fromRequest: run.mainCpuMs - run.mainCpuBeforeRequestMs,
    otherThreads: run.cpuMs - run.mainCpuMs,
  };
}
const PART_NAMES = {
  beforeRequest: 'main thread to the first request',
  fromRequest: 'main thread from the first request',
  otherThreads: 'other threads',
};
/** Median of each part over the Action's runs, and the floor's (medians of its probe's fields). */
function cpuSplit(result) {
  const parts = result.runs.map((r) => cpuParts(r));
  const floor = cpuParts({
    cpuMs: result.floor.cpuMs,
    mainCpuMs: result.floor.mainCpuMs,
    mainCpuBeforeRequestMs: result.floor.mainCpuBeforeRequestMs,
  });
  if (floor === null || parts.some((p) => p === null)) return null;
  const action = Object.fromEntries(Object.keys(PART_NAMES).map((k) => [k, medianOrNull(parts.map((p) => p[k]))]));
  return { action, floor };
}
const label = (result) => [result.scenario.name, result.runtime.name];

export function render(results, reps) {
  const runRows = results.map((result) => {
    const { runs } = result;
    const wall = runs.map((r) => r.wallMs);
    return [
      ...label(result),
      `${ms(median(wall))} (p90 ${ms(percentile(wall, 90))})`,
      ms(median(runs.map((r) => r.toFirstRequestMs))),
      ms(median(runs.map((r) => r.requestPhaseMs))),
      ms(median(runs.map((r) => r.afterLastMs))),
      runs[0].requests.length,
    ];
  });
  const floorRows = results.map((result) => {
    const { floor, floorRequests } = result;
    return [
      ...label(result),
      ms(result.nodeStartMs),
      ms(floor.loadMs),
      floor.sodiumMs > 0.05 ? ms(floor.sodiumMs) : '—',
      `${floorRequests}: ${ms(floor.requestsMs)} (first ${ms(floor.firstRequestMs)}${floor.spacingMs > 0 ? `; ${ms(floor.spacingMs)} of write spacing` : ''})`,
      ms(floor.wallMs - floor.doneMs),
      ms(floor.wallMs),
    ];
  });
  const compareRows = results.map((result) => {
    const { floor, floorHttp, floorLiftoff, floorOctokit, bundleLoad } = result;
    const wall = wallOf(result);
    const overOctokit = floorOctokit
      ? `${ms(floorOctokit.wallMs)}; Action ${signed(wall - floorOctokit.wallMs)} (${signed((wall / floorOctokit.wallMs - 1) * 100, '%')})`
      : '—';
    return [
      ...label(result),
      ms(median(bundleLoad)),
      ms(floor.wallMs),
      `${ms(floorHttp.wallMs)} (exit tail ${ms(floorHttp.wallMs - floorHttp.doneMs)})`,
      `${ms(floorLiftoff.wallMs)} (exit tail ${ms(floorLiftoff.wallMs - floorLiftoff.doneMs)})`,
      `${ms(wall)}: ${signed(wall - floor.wallMs)} (${signed((wall / floor.wallMs - 1) * 100, '%')})`,
      overOctokit,
    ];
  });
  const cpuRows = results.map((result) => {
    const cpu = cpuOf(result);
    return [
      ...label(result),
      ms(result.nodeStartCpuMs),
      ms(result.floor.cpuMs),
      `${ms(cpu)}: ${signed(cpu - result.floor.cpuMs)} (${signed((cpu / result.floor.cpuMs - 1) * 100, '%')})`,
      result.floorOctokit
        ? `${ms(result.floorOctokit.cpuMs)}; Action ${signed(cpu - result.floorOctokit.cpuMs)} (${signed((cpu / result.floorOctokit.cpuMs - 1) * 100, '%')})`
        : '—',
    ];
  });
  const splitRows = results.flatMap((result) => {
    const split = cpuSplit(result);
    if (split === null) return [];
    return [
      [
        ...label(result),
        ...Object.keys(PART_NAMES).map(
          (k) => `${ms(split.action[k])} (floor ${ms(split.floor[k])}: ${signed(split.action[k] - split.floor[k])})`,
        ),
      ],
    ];
  });
  const once = results.filter((r, i) => results.findIndex((o) => o.scenario === r.scenario) === i);
  const sizeRows = once.map(({ scenario, deps }) => [
    scenario.name,
    kib(fileSize(scenario.bundle)),
    `${kib(fileSize(deps.outfile))} (${deps.names.join(', ')})`,
    kib(fileSize(scenario.bundle) - fileSize(deps.outfile)),
  ]);
  const requestLists = once.map(({ scenario, runs }) => `${scenario.name}: ${summarizeRequests(runs[0].requests)}`);
  return [
    'Each Action runs as a runner runs it: `node dist/index.js` in a fresh process, inputs as `INPUT_*`,',
    '`GITHUB_OUTPUT`/`GITHUB_STEP_SUMMARY` files, `GITHUB_API_URL` at the GitHub emulator, nothing else',
    `inherited (as on a runner, every process of this figure gets only PATH and HOME: this machine's shell sets NODE_EXTRA_CA_CERTS, which slows every node start by tens of milliseconds). Every measurement is taken on this machine's Node and on Node 24, the runtime GitHub runs \`using: node24\` Actions on (\`node scripts/node24.mjs\`: the official binary from the npm registry at a pinned version). Medians of ${reps} runs after one warm-up run, every measurement of this figure taken in turn. ${once.map((r) => r.scenario.description).join(' ')}`,
    '',
    "Where the time of a run goes (spawn, first request and last response are read from the emulators' logs):",
    '',
    table(['Action', 'runtime', 'wall', 'spawn → first request', 'request phase', 'last response → exit', 'requests'], runRows),
    '',
    'Requests of one run (in order): ',
    '',
    bullet(requestLists),
    '',
    "The floor is a process that does only what no Action can avoid: start Node, load the Action's",
    "third-party dependencies (a bundle of exactly the names its sources import, built by the Actions'",
    'own builder), initialise libsodium where secrets are sealed, make as many requests as the Action',
    "needs, each the cheapest read of the same service in the same order (a rotation's include its target",
    'record), with the global `fetch`, exit (`bench/probes/floor.mjs`), on the same runtime. Where the',
    'Action writes to GitHub, the floor waits as long between those requests as the Action must: each',
    "starts at least the rotation's write spacing (`GITHUB_WRITE_INTERVAL_MS`, read from its build) after",
    'the previous one, as GitHub asks of every client; that wait is part of the floor, not overhead.',
    '"Exit tail" is the time from its last response to the end of the process.',
    '',
    table(
      [
        'Action',
        'runtime',
        'node start (empty script)',
        'deps load',
        'libsodium init',
        'floor requests (fetch)',
        'exit tail',
        'floor wall',
      ],
      floorRows,
    ),
    '',
    'Against the Action: "bundle, no inputs" runs the real dist/index.js without its required inputs (it',
    'loads what it loads eagerly, then fails at once). The same floor with the requests made by',
    '`node:http` instead of `fetch`, and with `fetch` under `node --liftoff-only` (V8 never re-optimises',
    "WebAssembly), shows where the fetch floor's time goes: undici parses HTTP with llhttp compiled to",
    'WebAssembly, and the process cannot exit before V8 has finished optimising that module.',
    '"Floor (Octokit)", for rotate-key, is the same floor with its GitHub requests sent through an Octokit',
    'built as the rotation builds it: `@octokit/rest` with `@octokit/plugin-retry` and',
    '`@octokit/plugin-throttling` (taken from the same dependencies bundle), the same retry, throttle, log',
    "options and API-version headers, the same write spacing; the platform's requests stay bare `fetch`.",
    "The project's brief names these packages as the client for the job, so this floor is also what no",
    'Action of this stack can avoid; the Action over it is the cost of our own code around the requests.',
    '',
    table(
      [
        'Action',
        'runtime',
        'bundle, no inputs',
        'floor (fetch)',
        'floor (node:http)',
        'floor (fetch, --liftoff-only)',
        'Action wall: over the fetch floor',
        'floor (Octokit): Action over it',
      ],
      compareRows,
    ),
    '',
    'CPU time of the same runs (user + system over every thread of the process, up to its `exit`',
    'event; `bench/probes/cpu-at-exit.cjs`, preloaded through `NODE_OPTIONS` into the Action, the floor',
    "and the empty script alike). On a machine loaded by other processes a run's wall time swings with",
    'them, its CPU time barely does: it is the steadier measure of what the Action costs over its floor.',
    '',
    table(
      ['Action', 'runtime', 'node start (empty script)', 'floor (fetch)', 'Action: over the floor', 'floor (Octokit): Action over it'],
      cpuRows,
    ),
    '',
    "The same CPU time in three parts, where the runtime reports a thread's own (`process.threadCpuUsage`,",
    'Node 23.9 and later, so not Node 20): the main thread up to the first HTTP request the process',
    'creates (node start, loading the bundle, reading the inputs, setting up the clients), the main',
    'thread from then to exit (the requests, the work between them, outputs and summary), and every',
    'other thread (V8 compiling and collecting garbage in the background, libuv). Medians of each part.',
    '',
    table(['Action', 'runtime', ...Object.values(PART_NAMES)], splitRows),
    '',
    'The floor sends bare `fetch` calls. Around the same requests an Action runs its own client code:',
    "rotate-key's GitHub requests go through Octokit (its hooks and endpoint handling, and",
    "@octokit/plugin-throttling's Bottleneck, which schedules every request), the platform's through",
    "@keyturn/api (timeouts, retries, a check of every answer), with the rotation's steps in between;",
    'V8 compiles each function when it first runs, and one run runs most of them once. That is the',
    '"main thread from the first request" above; node start and loading stay close to the floor.',
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
  const lines = [];
  for (const result of results.filter((r) => r.scenario.name === 'rotate-key')) {
    const wall = wallOf(result);
    const spacing = result.scenario.writeSpacingTotalMs;
    const besides = spacing > 0 ? `; ${ms(wall - spacing)} besides the ${ms(spacing)} its writes must be spaced over` : '';
    lines.push(
      `Full rotation under ${TARGET_ROTATION_MS} ms wall on ${result.runtime.name}: ${wall < TARGET_ROTATION_MS ? 'yes' : 'NO'} (median ${ms(wall)}${besides}).`,
    );
  }
  for (const result of results.filter((r) => r.runtime.name.startsWith(RUNNER_RUNTIME))) {
    const wall = wallOf(result);
    const over = wall / result.floor.wallMs - 1;
    const cpu = cpuOf(result);
    const cpuOver = cpu / result.floor.cpuMs - 1;
    lines.push(
      `${result.scenario.name} on ${result.runtime.name} within ${FLOOR_MARGIN * 100}% of its fetch floor: wall ${over <= FLOOR_MARGIN ? 'yes' : 'NO'} (${ms(wall)} against ${ms(result.floor.wallMs)}, ${signed(over * 100, '%')}); CPU time ${cpuOver <= FLOOR_MARGIN ? 'yes' : 'NO'} (${ms(cpu)} against ${ms(result.floor.cpuMs)}, ${signed(cpuOver * 100, '%')}).`,
    );
    if (result.floorOctokit) {
      const o = result.floorOctokit;
      const wallO = wall / o.wallMs - 1;
      const cpuO = cpu / o.cpuMs - 1;
      lines.push(
        `${result.scenario.name} on ${result.runtime.name} within ${FLOOR_MARGIN * 100}% of its Octokit floor: wall ${wallO <= FLOOR_MARGIN ? 'yes' : 'NO'} (${ms(wall)} against ${ms(o.wallMs)}, ${signed(wallO * 100, '%')}); CPU time ${cpuO <= FLOOR_MARGIN ? 'yes' : 'NO'} (${ms(cpu)} against ${ms(o.cpuMs)}, ${signed(cpuO * 100, '%')}).`,
      );
    }
    const split = cpuSplit(result);
    if (cpuOver > FLOOR_MARGIN && split !== null) {
      const cut = cpu - result.floor.cpuMs * (1 + FLOOR_MARGIN);
      const parts = Object.entries(PART_NAMES).map(([k, name]) => `${signed(split.action[k] - split.floor[k])} ${name}`);
      lines.push(
        `${result.scenario.name} on ${result.runtime.name} misses the CPU target by ${ms(cut)} (what it would have to shed); its ${signed(cpu - result.floor.cpuMs)} over the floor is ${parts.join(', ')}.`,
      );
    }
  }
  for (const { scenario, runs, floorRequests, runtime } of results) {
    const n = runs[0].requests.length;
    lines.push(
      `${scenario.name} on ${runtime.name}: ${n} request${n === 1 ? '' : 's'} against a floor of ${floorRequests}${n > floorRequests ? ` (${n - floorRequests} more)` : ''}; ${ms(sum(runs.map((r) => r.requestPhaseMs)) / runs.length)} mean request phase.`,
    );
  }
  return lines;
}

/** Headline keys of this machine's Node stay those of earlier runs, so "before and after" still lines up. */
export function headline(results) {
  return results.flatMap((result) => {
    const { scenario, runs, floor, runtime } = result;
    const node24 = runtime.name.startsWith(RUNNER_RUNTIME);
    const key = `startup${node24 ? '.node24' : ''}.${scenario.name}`;
    const name = `${scenario.name} Action${node24 ? ' on Node 24' : ''}`;
    return [
      { key: `${key}.wall`, label: `${name}: wall`, value: wallOf(result), unit: 'ms' },
      { key: `${key}.toFirst`, label: `${name}: spawn → first request`, value: median(runs.map((r) => r.toFirstRequestMs)), unit: 'ms' },
      { key: `${key}.requests`, label: `${name}: requests`, value: runs[0].requests.length, unit: 'requests' },
      { key: `${key}.floor`, label: `${name}: floor`, value: floor.wallMs, unit: 'ms' },
      { key: `${key}.cpu`, label: `${name}: CPU time`, value: cpuOf(result), unit: 'ms' },
      { key: `${key}.floorCpu`, label: `${name}: floor CPU time`, value: floor.cpuMs, unit: 'ms' },
      ...(node24 ? [] : [{ key: `${key}.bundle`, label: `${name}: dist/index.js`, value: fileSize(scenario.bundle) / 1024, unit: 'KiB' }]),
    ];
  });
}

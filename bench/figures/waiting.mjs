// Figure 1, waiting economy: requests per polling round when waiting on 1, 10, 40 and 200
// operations, and how soon after the last one finishes the wait returns; keyturn against
// @neon/sdk on the same emulator, in the same run, with the same interval.

import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { entriesUnder, pollingRounds, requestSpanMs } from '../lib/request-log.mjs';
import { median, ms, sum } from '../lib/stats.mjs';
import { importBuilt } from '../lib/workspace.mjs';

const SIZES = [1, 10, 40, 200];
const REPS = 6;
/** The "ids omitted" rows are about requests only (no SDK counterpart): fewer waits. */
const SCAN_REPS = 3;
const INTERVAL_MS = 250;
/** The last awaited operation finishes this long after the start, plus a phase shift per rep. */
const LAST_FINISH_MS = 700;
const FIRST_FINISH_MS = 200;
/** Newer operations started after the awaited ones, so these are not all on the first page. */
const NEWER_OPERATIONS = 15;
const SEEDED_HISTORY = 500;
/** History behind the "all pending" scan of a long-lived project. */
const LONG_HISTORY = 20_000;
/** Phases of the last finish are spread over the interval in steps of this: mean latencies closer than one step are sampling noise. */
const LATENCY_NOISE_MS = INTERVAL_MS / REPS;
/** "Already finished" rows: the operation finishes this soon, before the wait begins. */
const DONE_FINISH_MS = 20;

export const figure = defineFigure({
  id: 'waiting',
  title: '1. Waiting economy: operations.wait against @neon/sdk waitFor',
  run: measureWaiting,
});

async function measureWaiting() {
  const { startPlatformEmulator } = await importBuilt('@keyturn/emulator', ['startPlatformEmulator']);
  const { createClient } = await importBuilt('@keyturn/api', ['createClient']);
  const { createNeonClient } = await import('@neon/sdk');
  const emulator = await startPlatformEmulator();
  try {
    const { key } = emulator.createKey('bench-waiting');
    const keyturn = createClient({ apiKey: key, baseUrl: emulator.url });
    const neon = createNeonClient({ apiKey: key, baseUrl: emulator.url, wait: { pollIntervalMs: INTERVAL_MS } });
    const waitOn = {
      keyturn: (projectId, operations) =>
        keyturn.operations.wait(projectId, { ids: operations.map((o) => o.id), intervalMs: INTERVAL_MS, timeoutMs: 30_000 }),
      '@neon/sdk': async (_projectId, operations) => {
        const { error } = await neon.operations.waitFor({ operations }, { pollIntervalMs: INTERVAL_MS, timeoutMs: 30_000 });
        if (error) throw error;
      },
      allPending: (projectId) => keyturn.operations.wait(projectId, { ids: 'pending', intervalMs: INTERVAL_MS, timeoutMs: 30_000 }),
    };
    const cases = SIZES.flatMap((size) => [
      { id: 'keyturn', size, client: 'keyturn', wait: waitOn.keyturn, history: SEEDED_HISTORY },
      { id: 'sdk', size, client: '@neon/sdk', wait: waitOn['@neon/sdk'], history: SEEDED_HISTORY },
    ]);
    // Why keyturn polls at once: an operation often finishes before the deploy step starts waiting.
    cases.push(
      { id: 'keyturn-done', size: 1, client: 'keyturn, already finished', wait: waitOn.keyturn, history: SEEDED_HISTORY, done: true },
      { id: 'sdk-done', size: 1, client: '@neon/sdk, already finished', wait: waitOn['@neon/sdk'], history: SEEDED_HISTORY, done: true },
      { id: 'all-pending', size: 40, client: 'keyturn, ids omitted (all pending)', wait: waitOn.allPending, history: SEEDED_HISTORY },
      {
        id: 'all-pending-long',
        size: 40,
        client: `keyturn, ids omitted, ${LONG_HISTORY.toLocaleString('en')} older operations`,
        wait: waitOn.allPending,
        history: LONG_HISTORY,
      },
    );
    const rows = [];
    for (const { id, size, client, wait, history, done = false } of cases) {
      const runs = [];
      const reps = id.startsWith('all-pending') ? SCAN_REPS : REPS;
      for (let rep = 0; rep < reps; rep++) runs.push(await waitOnce(emulator, { size, rep, reps, history, done }, wait));
      rows.push({ id, size, client, ...aggregate(runs) });
    }
    return { markdown: render(rows), headline: headline(rows) };
  } finally {
    await emulator.close();
  }
}

/** One wait on `size` fresh operations whose finish times are staggered, the last one known. */
async function waitOnce(emulator, { size, rep, reps, history, done }, wait) {
  const project = emulator.createProject({ name: `bench-wait-${size}-${rep}` });
  emulator.seedOperations(project.id, history);
  // The phase of the last finish against the polling interval moves across reps, so the latency
  // samples cover the interval instead of always landing at the same point of it.
  const lastFinish = done ? DONE_FINISH_MS : LAST_FINISH_MS + ((rep + 0.5) / reps) * INTERVAL_MS;
  const specs = Array.from({ length: size }, (_, i) => {
    if (done) return { action: 'apply_config', schedulingMs: 0, runningMs: DONE_FINISH_MS };
    const finishAt = size === 1 ? lastFinish : FIRST_FINISH_MS + ((lastFinish - FIRST_FINISH_MS) * i) / (size - 1);
    return { action: 'apply_config', schedulingMs: 100, runningMs: finishAt - 100 };
  });
  const started = Date.now();
  const awaited = emulator.startOperations(project.id, specs);
  emulator.startOperations(
    project.id,
    Array.from({ length: NEWER_OPERATIONS }, () => ({ action: 'check_availability', schedulingMs: 0, runningMs: 50 })),
  );
  emulator.log.clear();
  // The clients get the operations as the request that started them answered (running), but these
  // have finished by the time the wait begins.
  if (done) await new Promise((resolve) => setTimeout(resolve, DONE_FINISH_MS * 3));
  await wait(project.id, awaited);
  const returned = Date.now();
  const entries = entriesUnder(emulator.log, `/projects/${project.id}`);
  // A stall of the shared machine can pause a round for over 100 ms; a sleep is a whole interval.
  const bursts = pollingRounds(entries, INTERVAL_MS * 0.8);
  return {
    requests: entries.length,
    rounds: bursts.map((r) => r.length),
    roundMs: Math.max(...bursts.map(requestSpanMs)),
    latencyMs: returned - (started + lastFinish),
  };
}

function aggregate(runs) {
  const later = runs.flatMap((r) => r.rounds.slice(1));
  return {
    requests: Math.round(median(runs.map((r) => r.requests))),
    rounds: Math.round(median(runs.map((r) => r.rounds.length))),
    firstRound: Math.round(median(runs.map((r) => r.rounds[0] ?? 0))),
    roundMax: Math.max(...runs.map((r) => r.roundMs)),
    laterMedian: later.length > 0 ? Math.round(median(later)) : 0,
    laterMax: later.length > 0 ? Math.max(...later) : 0,
    latencyMean: sum(runs.map((r) => r.latencyMs)) / runs.length,
    latencyMax: Math.max(...runs.map((r) => r.latencyMs)),
  };
}

function render(rows) {
  const lines = [
    `Each row: ${REPS} waits (${SCAN_REPS} for "ids omitted"; requests and rounds: median; latency: mean and worst). The project holds`,
    `${SEEDED_HISTORY} old finished operations, then the awaited ones (finishing one after another from ${FIRST_FINISH_MS} ms to`,
    `about ${LAST_FINISH_MS} ms after the start), then ${NEWER_OPERATIONS} newer operations listed ahead of them, so the awaited`,
    'operations are not all on the first page (default page: 10). Both clients poll every',
    `${INTERVAL_MS} ms (keyturn \`intervalMs\`, SDK \`pollIntervalMs\`); the last finish moves across the interval`,
    'from one wait to the next, so the mean latency is the expected one. Rounds are bursts of requests',
    "in the emulator log separated by a sleep. Latency runs from the last operation's finish to the",
    'wait returning. keyturn polls at once, then after each interval; the SDK sleeps first.',
    '',
    table(
      ['awaited', 'client', 'requests', 'rounds', 'first round', 'later rounds (median / max)', 'latency (mean / worst)'],
      rows.map((r) => [
        r.size,
        r.client,
        r.requests,
        r.rounds,
        r.firstRound,
        `${r.laterMedian} / ${r.laterMax}`,
        `${ms(r.latencyMean)} / ${ms(r.latencyMax)}`,
      ]),
    ),
    '',
    bullet(verdicts(rows)),
  ];
  return lines.join('\n');
}

function verdicts(rows) {
  const lines = [];
  for (const size of SIZES) {
    const k = rows.find((r) => r.size === size && r.id === 'keyturn');
    const s = rows.find((r) => r.size === size && r.id === 'sdk');
    const fewer = k.requests < s.requests ? 'fewer' : k.requests === s.requests ? 'as many' : 'MORE';
    const latency = k.latencyMean <= s.latencyMean + LATENCY_NOISE_MS ? 'equal or better' : 'WORSE';
    const why =
      k.requests >= s.requests
        ? ` keyturn's extra requests: its poll at once (the SDK sleeps first)${k.firstRound > 1 ? `, and a first round of ${k.firstRound} requests (before it knows where the awaited operations sit, its first page holds the pending count + 10)` : ''}.`
        : '';
    lines.push(
      `${size} awaited: keyturn spends ${fewer} requests (${k.requests} against ${s.requests}; per later round ${k.laterMax} against ${s.laterMax} at most), latency ${latency} (${ms(k.latencyMean)} against ${ms(s.latencyMean)}; closer than one phase step, ${ms(LATENCY_NOISE_MS)}, is equal).${why}`,
    );
  }
  const kDone = rows.find((r) => r.id === 'keyturn-done');
  const sDone = rows.find((r) => r.id === 'sdk-done');
  lines.push(
    `Already finished when the wait starts: keyturn ${kDone.requests} request(s), returns after ${ms(kDone.latencyMean)}; the SDK ${sDone.requests} request(s), after ${ms(sDone.latencyMean)} (it sleeps an interval first). This is what keyturn's poll at once buys, and the one extra request it costs on a wait that is still running.`,
  );
  // A finish just after a round read the operation is seen by the next round: one interval and the
  // two rounds' own requests later, at worst.
  const keyturn = rows.filter((r) => r.id === 'keyturn');
  const worst = Math.max(...keyturn.map((r) => r.latencyMax));
  const bound = INTERVAL_MS + 2 * Math.max(...keyturn.map((r) => r.roundMax));
  lines.push(
    `keyturn returns within one interval of the last finish, plus its polling round: ${worst <= bound ? 'yes' : 'NO'} (worst ${ms(worst)}; bound ${ms(bound)} = interval ${INTERVAL_MS} ms + twice its longest round).`,
  );
  return lines;
}

function headline(rows) {
  return rows.flatMap((r) => {
    const name = `wait on ${r.size}, ${r.client}`;
    const requests = { key: `waiting.${r.id}.n${r.size}.requests`, label: `${name}: requests`, value: r.requests, unit: 'requests' };
    if (r.id.startsWith('all-pending')) {
      return [{ key: `waiting.${r.id}.first-round`, label: `${name}: first round`, value: r.firstRound, unit: 'requests' }];
    }
    return [
      requests,
      { key: `waiting.${r.id}.n${r.size}.latency`, label: `${name}: mean latency after last finish`, value: r.latencyMean, unit: 'ms' },
    ];
  });
}

if (isMain(import.meta.url)) await runFigure(figure);

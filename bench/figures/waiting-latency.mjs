// Figure 2, waiting latency: how soon after operations of 0.5 s to 60 s finish each client's wait
// returns, and what it spends, each with its defaults: keyturn before (the fixed 5 s schedule,
// reproduced with minIntervalMs = intervalMs), keyturn now (the adaptive schedule) and @neon/sdk.

import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { entriesUnder } from '../lib/request-log.mjs';
import { median, ms, sum } from '../lib/stats.mjs';
import { importBuilt } from '../lib/workspace.mjs';

const DURATIONS_MS = [500, 1000, 3000, 10_000, 60_000];
const MIXED = 40;
const REPS = 5;
/** Every wait of a phase starts at its own offset within this span, so no two poll in step. */
const STAGGER_SPAN_MS = 1000;
/** Rows of operations at least this long run all at once; shorter ones in batches. */
const LONG_MS = 10_000;
const SEEDED_HISTORY = 100;
const TIMEOUT_MS = 300_000;

const CLIENTS = {
  before: 'keyturn before (fixed 5 s)',
  keyturn: 'keyturn now (adaptive)',
  sdk: '@neon/sdk',
};

export const figure = defineFigure({
  id: 'waiting-latency',
  title: '2. Waiting latency: operations of 0.5 s to 60 s, keyturn before and now against @neon/sdk',
  run: measureLatency,
});

/** The target of issue #14: seen within a quarter of the operation's duration, or 500 ms. */
export function latencyBound(durationMs) {
  return Math.max(0.25 * durationMs, 500);
}

async function measureLatency() {
  const { startPlatformEmulator } = await importBuilt('@keyturn/emulator', ['startPlatformEmulator']);
  const { createClient } = await importBuilt('@keyturn/api', ['createClient']);
  const { createNeonClient } = await import('@neon/sdk');
  const emulator = await startPlatformEmulator();
  try {
    const { key } = emulator.createKey('bench-latency');
    const keyturn = createClient({ apiKey: key, baseUrl: emulator.url });
    const neon = createNeonClient({ apiKey: key, baseUrl: emulator.url });
    const waitWith = {
      before: (projectId, ops) =>
        keyturn.operations.wait(projectId, { ids: ops.map((o) => o.id), minIntervalMs: 5000, timeoutMs: TIMEOUT_MS }),
      keyturn: (projectId, ops) => keyturn.operations.wait(projectId, { ids: ops.map((o) => o.id), timeoutMs: TIMEOUT_MS }),
      sdk: async (_projectId, ops) => {
        const { error } = await neon.operations.waitFor({ operations: ops }, { timeoutMs: TIMEOUT_MS });
        if (error) throw error;
      },
    };
    const cases = DURATIONS_MS.flatMap((durationMs) =>
      [1, MIXED].flatMap((size) => Object.keys(CLIENTS).map((client) => ({ durationMs, size, client }))),
    );
    // Two phases as long as the longest operation. In each, the long rows' waits run all at once
    // (they poll at most once a second), while the short rows' waits run in batches, one rep of
    // each at a time, so few waits ever poll together on this shared 2-core machine. The SDK's waits
    // on 40 operations send bursts of 40 requests a second: they have the second phase to themselves.
    const heavy = (c) => c.client === 'sdk' && c.size === MIXED;
    const long = (c) => c.durationMs >= LONG_MS;
    const runs = new Map(cases.map((c) => [c, []]));
    const runCase = async (c, projectId, offsetMs) => {
      await sleep(offsetMs);
      runs.get(c).push(await waitOnce(emulator, projectId, c, waitWith[c.client]));
    };
    await warmUp(keyturn, neon, emulator);
    for (const phase of [cases.filter((c) => !heavy(c)), cases.filter(heavy)]) {
      // Projects are made and seeded first: seeding while other waits poll would stall their rounds.
      const longJobs = phase
        .filter(long)
        .flatMap((c) => Array.from({ length: REPS }, () => ({ c, projectId: seededProject(emulator, c) })));
      const shortCases = phase.filter((c) => !long(c));
      const batches = Array.from({ length: REPS }, () => shortCases.map((c) => ({ c, projectId: seededProject(emulator, c) })));
      const offset = (i, n) => (i * STAGGER_SPAN_MS) / n;
      await Promise.all([
        ...longJobs.map(({ c, projectId }, i) => runCase(c, projectId, offset(i, longJobs.length))),
        (async () => {
          for (const batch of batches)
            await Promise.all(batch.map(({ c, projectId }, i) => runCase(c, projectId, offset(i, batch.length))));
        })(),
      ]);
    }
    const rows = cases.map((c) => ({ ...c, ...aggregate(runs.get(c)) }));
    return { markdown: render(rows), headline: headline(rows) };
  } finally {
    await emulator.close();
  }
}

/** Loads fetch (undici compiles its HTTP parser on the first request) before any wait is timed. */
async function warmUp(keyturn, neon, emulator) {
  const project = emulator.createProject({ name: 'bench-latency-warm-up' });
  const [op] = emulator.startOperations(project.id, [{ schedulingMs: 0, runningMs: 0 }]);
  await keyturn.operations.wait(project.id, { ids: [op.id] });
  const { error } = await neon.operations.waitFor({ operations: [{ ...op, status: 'running' }] }, { pollIntervalMs: 1 });
  if (error) throw error;
}

function sleep(msToSleep) {
  return new Promise((resolve) => setTimeout(resolve, msToSleep));
}

function seededProject(emulator, { durationMs, size }) {
  const project = emulator.createProject({ name: `bench-latency-${durationMs}-${size}` });
  emulator.seedOperations(project.id, SEEDED_HISTORY);
  return project.id;
}

/** `size` operations in the project, the longest lasting `durationMs`; one wait on them. */
async function waitOnce(emulator, projectId, { durationMs, size }, wait) {
  // Mixed: durations spread evenly up to the longest, so operations end all through the wait.
  const specs = Array.from({ length: size }, (_, i) => ({
    action: 'apply_config',
    schedulingMs: 0,
    runningMs: (durationMs * (i + 1)) / size,
  }));
  const started = Date.now();
  const operations = emulator.startOperations(projectId, specs);
  await wait(projectId, operations);
  const returned = Date.now();
  const entries = entriesUnder(emulator.log, `/projects/${projectId}`);
  const lastAsked = Date.parse(entries.at(-1).time);
  return {
    requests: entries.length,
    latencyMs: returned - (started + durationMs),
    // When the request that saw the last finish was sent: the schedule's share of the latency.
    askedMs: lastAsked - (started + durationMs),
  };
}

function aggregate(runs) {
  return {
    requests: median(runs.map((r) => r.requests)),
    requestsMax: Math.max(...runs.map((r) => r.requests)),
    latencyMean: sum(runs.map((r) => r.latencyMs)) / runs.length,
    latencyMax: Math.max(...runs.map((r) => r.latencyMs)),
    askedMax: Math.max(...runs.map((r) => r.askedMs)),
  };
}

function render(rows) {
  const row = (r) => [
    r.size === 1 ? '1' : `${r.size}, mixed`,
    ms(r.durationMs),
    CLIENTS[r.client],
    r.requests === r.requestsMax ? r.requests : `${r.requests} (max ${r.requestsMax})`,
    `${ms(r.latencyMean)} / ${ms(r.latencyMax)}`,
    r.client === 'sdk' ? '' : ms(latencyBound(r.durationMs)),
  ];
  return [
    `Each row: ${REPS} waits, every client with its defaults: keyturn \`intervalMs\` 5000 ms, before with`,
    '`minIntervalMs: 5000` (the fixed schedule it had: a poll at once, then one every 5 s), now with the',
    'adaptive schedule (a poll at once, rounds 1 s apart, each delay growing to a fifth of the time',
    'waited, jittered, up to 5 s); the SDK polls every 1000 ms and sleeps first. "1" awaits one operation',
    `lasting the duration; "${MIXED}, mixed" awaits ${MIXED} whose durations are spread evenly up to it (1/${MIXED} of it, 2/${MIXED}, ... all of it).`,
    `Each wait has its own project (${SEEDED_HISTORY} older finished operations) and starts as its operations start.`,
    "Requests: median over the waits, counted from the emulator log. Latency: from the last operation's",
    'finish to the wait returning, mean / worst. The waits run in two phases as long as the longest',
    `operation (every wait but the SDK's on ${MIXED}, then those): in each, the waits on operations of ${LONG_MS / 1000} s and more`,
    'all at once, and meanwhile the shorter ones in batches of one wait per row; every wait of a batch',
    `starts at its own offset within ${STAGGER_SPAN_MS} ms. Target (issue #14): keyturn returns within max(25% of the duration, 500 ms), and spends at`,
    'most one request more than the SDK on one operation (its poll at once), fewer on more than one.',
    '',
    table(['awaited', 'duration', 'client', 'requests', 'latency (mean / worst)', 'target'], rows.map(row)),
    '',
    bullet(verdicts(rows)),
  ].join('\n');
}

function verdicts(rows) {
  const lines = [];
  let held = 0;
  let total = 0;
  for (const durationMs of DURATIONS_MS) {
    for (const size of [1, MIXED]) {
      const find = (client) => rows.find((r) => r.durationMs === durationMs && r.size === size && r.client === client);
      const [k, b, s] = [find('keyturn'), find('before'), find('sdk')];
      const bound = latencyBound(durationMs);
      const inTime = k.latencyMax <= bound;
      const spend = size === 1 ? k.requests <= s.requests + 1 : k.requests < s.requests;
      total++;
      if (inTime && spend) held++;
      lines.push(
        `${size === 1 ? 'one operation' : `${size} mixed`} of ${ms(durationMs)}: keyturn returns ${ms(k.latencyMean)} after on average, worst ${ms(k.latencyMax)} ` +
          `(target ${ms(bound)}: ${inTime ? 'yes' : `NO; its last request was sent at worst ${ms(k.askedMax)} after`}), ` +
          `with ${k.requests} requests against the SDK's ${s.requests} (${spend ? 'yes' : 'NO'}); before: ${ms(b.latencyMean)} and ${b.requests} requests; the SDK ${ms(s.latencyMean)}.`,
      );
    }
  }
  lines.push(`Targets held on ${held} of ${total} rows.`, whyHalfSecondMissesLatency(rows));
  return lines;
}

/**
 * Why the 0.5 s rows miss the latency target while the 1 s row keeps its request target: the
 * schedule knows only the time waited, and the 1 s row fixes when its second poll may come.
 */
function whyHalfSecondMissesLatency(rows) {
  const short = Math.min(...DURATIONS_MS);
  const budgetRow = rows.find((r) => r.durationMs === 1000 && r.size === 1 && r.client === 'sdk');
  const shortRows = rows.filter((r) => r.durationMs === short && r.client === 'keyturn');
  const seen = shortRows.map(
    (r) =>
      `${r.size === 1 ? 'one operation' : `${r.size} mixed`}: last request sent at worst ${ms(r.askedMax)} after the end, returned at worst ${ms(r.latencyMax)} after`,
  );
  return (
    `Why the ${short / 1000} s rows cannot meet max(25%, 500 ms) = ${ms(latencyBound(short))} while the 1 s row spends at most one request more than the SDK: ` +
    `on one operation of 1 s the SDK (which sleeps its 1 s interval first) spends ${budgetRow.requests} request${budgetRow.requests === 1 ? '' : 's'}, so keyturn may spend ${budgetRow.requests + 1}. Its first is the poll at once, sent at 0 s while the operation runs, ` +
    'so its second must be the one that sees the operation done, and must be sent at or after 1 s. ' +
    `Until that second poll, a wait on an operation of ${short / 1000} s looks exactly like one on an operation of 1 s (running at 0 s, nothing else seen), ` +
    'and the schedule depends only on the time waited, not on what is awaited (one operation or 40): its second poll also comes at or after 1 s. ' +
    `An operation that ended at ${short / 1000} s is therefore seen at least ${ms(1000 - short)} after it ended, and the wait returns when that poll's answer arrives: ` +
    `${ms(1000 - short)} plus a round trip (and the timer's lateness), over the ${ms(latencyBound(short))} bound by that much (${seen.join('; ')}). ` +
    'Only a second poll before 1 s could do better, and it would cost the 1 s row a third request; the waiting schedule is left as it is.'
  );
}

function headline(rows) {
  return rows.flatMap((r) => {
    const id = `latency.${r.client}.d${r.durationMs}.n${r.size}`;
    const name = `wait ${r.size === 1 ? 'on 1' : `on ${r.size} mixed`} of ${r.durationMs / 1000} s, ${CLIENTS[r.client]}`;
    return [
      { key: `${id}.requests`, label: `${name}: requests`, value: r.requests, unit: 'requests' },
      { key: `${id}.latency`, label: `${name}: mean latency after last finish`, value: r.latencyMean, unit: 'ms' },
    ];
  });
}

if (isMain(import.meta.url)) await runFigure(figure);

// Figure 6, fleet matrix: 100 repositories rotating their own key at once, each in its own job (a
// process running the bundled rotate-key Action, as a matrix job would), against the platform's
// account-wide rate limit played by the emulator: requests spent, 429s met, time to finish.

import { runActionStep } from '../lib/child-process.mjs';
import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { pathShape } from '../lib/request-log.mjs';
import { median, ms } from '../lib/stats.mjs';
import { actions, importBuilt, requireBuiltFile } from '../lib/workspace.mjs';

const JOBS = 100;
/** DESIGN.md: about 700 requests a minute over the account, 40 a second per route. */
const RATE_LIMIT = { perMinute: 700, perSecond: 40 };
const SECRET = 'NEON_API_KEY';
const TOKEN = 'ghp_bench-matrix';
const JOB_TIMEOUT_MS = 300_000;
/**
 * Rows: every job spawned at the same moment, and the jobs' starts spread evenly over 10 s, as a
 * matrix's jobs start while runners are assigned to them. On this 2-core machine the first row
 * also measures 100 processes and the emulator starving each other of CPU (a runner gives each
 * job its own machine); the second keeps that in check and shows the platform's budget.
 */
const START_WINDOWS_MS = [0, 10_000];

export const figure = defineFigure({
  id: 'fleet-matrix',
  title: `6. Fleet matrix: ${JOBS} repositories rotating at once, each its own job, under the platform's rate limit`,
  run: measureMatrix,
});

async function measureMatrix() {
  requireBuiltFile(actions['rotate-key'].bundle, 'the rotate-key Action bundle');
  const emulator = await importBuilt('@keyturn/emulator', ['startPlatformEmulator', 'startGitHubEmulator']);
  const repos = Array.from({ length: JOBS }, (_, i) => `acme/service-${String(i + 1).padStart(3, '0')}`);
  const rows = [];
  for (const windowMs of START_WINDOWS_MS) rows.push(await runMatrix(emulator, repos, windowMs));
  return { markdown: render(rows), headline: rows.flatMap(headline) };
}

/** One matrix run against fresh emulators: every job rotates its repository's key once. */
async function runMatrix(emulator, repos, windowMs) {
  const platform = await emulator.startPlatformEmulator({ rateLimit: RATE_LIMIT });
  const github = await emulator.startGitHubEmulator({ repos, tokens: { [TOKEN]: 'write' } });
  try {
    // Each repository's key, made in the console; its first rotation revokes it by id, as the
    // README's first run does, so every job makes the requests of a steady-state rotation.
    const jobs = repos.map((repo) => ({ repo, key: platform.createKey(`console-${repo.replace('/', '-')}`) }));
    const started = performance.now();
    const runs = await Promise.all(
      jobs.map(async (job, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i * windowMs) / JOBS));
        const run = await runActionStep(actions['rotate-key'].dir, {
          inputs: {
            'api-key': job.key.key,
            'api-url': platform.url,
            'github-token': TOKEN,
            targets: `repo:${job.repo}`,
            'revoke-key-ids': String(job.key.id),
          },
          env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: job.repo },
          timeoutMs: JOB_TIMEOUT_MS,
        });
        return { ...job, run };
      }),
    );
    const wallMs = performance.now() - started;
    return {
      windowMs,
      runs,
      wallMs,
      outcome: checkOutcome(platform, github, runs),
      spend: platformSpend(platform.log.entries()),
      githubRequests: github.log.entries().length,
    };
  } finally {
    await platform.close();
    await github.close();
  }
}

/** Which jobs succeeded, and whether each repository holds a new working key with its console key revoked. */
function checkOutcome(platform, github, runs) {
  const failed = runs.filter(({ run }) => run.exitCode !== 0);
  const rotated = runs.filter(({ repo, key, run }) => {
    const [owner, name] = repo.split('/');
    const stored = github.secretValue({ kind: 'repo', owner, repo: name }, SECRET);
    return run.exitCode === 0 && stored && stored !== key.key && platform.isKeyValid(stored) && !platform.isKeyValid(key.key);
  });
  // The Action ends with an `::error::` annotation saying what happened; jobs are grouped by it.
  const reasons = new Map();
  for (const { run } of failed) {
    const annotation = run.stdout.split('\n').find((line) => line.startsWith('::error'));
    const reason = (annotation ?? `exit ${run.exitCode}, no annotation: ${run.stderr.trim().slice(-200)}`)
      .replace(/\d+/g, 'N')
      .slice(0, 300);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return { failed, rotated: rotated.length, reasons: [...reasons] };
}

function platformSpend(entries) {
  const byShape = new Map();
  for (const e of entries) {
    const shape = `${e.method} ${pathShape(e.path)}`;
    const counts = byShape.get(shape) ?? { all: 0, limited: 0 };
    counts.all++;
    if (e.status === 429) counts.limited++;
    byShape.set(shape, counts);
  }
  const times = entries.map((e) => Date.parse(e.time)).sort((a, b) => a - b);
  // The most requests any sliding minute held, against the limit of a minute.
  let peakMinute = 0;
  for (let first = 0, last = 0; last < times.length; last++) {
    while (times[last] - times[first] >= 60_000) first++;
    peakMinute = Math.max(peakMinute, last - first + 1);
  }
  return { requests: entries.length, limited: entries.filter((e) => e.status === 429).length, byShape: [...byShape], peakMinute };
}

function render(rows) {
  return [
    `${JOBS} jobs, each \`node actions/rotate-key/dist/index.js\` in its own process with a runner's environment,`,
    `rotating its own repository's key (\`targets: repo:acme/service-NNN\`, \`revoke-key-ids\`: the console-made key it`,
    'starts from). All keys belong to one platform account, whose limit the emulator plays:',
    `${RATE_LIMIT.perMinute} requests a minute over every route, ${RATE_LIMIT.perSecond} a second per route, past either a 429 with`,
    '`Retry-After`. The client retries a 429 after its `Retry-After` (up to 4 retries, within 60 s), a GET',
    'also after no answer within 30 s. Rows: every job spawned at once, and the starts spread evenly over',
    "10 s, as GitHub starts a matrix's jobs while it assigns runners. On a runner every job has its own",
    `machine; here all ${JOBS} processes and the emulators share 2 cores with other work, so in the first row`,
    'they starve each other of CPU (a job that is not scheduled for 30 s times out).',
    '',
    table(
      [
        'starts',
        'succeeded',
        'keys rotated, old revoked',
        'time to finish (last job)',
        'job wall (median / max)',
        'platform requests',
        'of which 429',
        'per job (answered)',
        'peak a minute',
        'GitHub requests',
      ],
      rows.map((r) => {
        const durations = r.runs.map((x) => x.run.durationMs);
        return [
          r.windowMs === 0 ? 'all at once' : `over ${r.windowMs / 1000} s`,
          JOBS - r.outcome.failed.length,
          r.outcome.rotated,
          ms(r.wallMs),
          `${ms(median(durations))} / ${ms(Math.max(...durations))}`,
          r.spend.requests,
          r.spend.limited,
          ((r.spend.requests - r.spend.limited) / JOBS).toFixed(1),
          r.spend.peakMinute,
          r.githubRequests,
        ];
      }),
    ),
    '',
    'Platform requests by kind (429s among them):',
    '',
    bullet(
      rows.map(
        (r) =>
          `${r.windowMs === 0 ? 'all at once' : `over ${r.windowMs / 1000} s`}: ${r.spend.byShape.map(([shape, c]) => `\`${shape}\` ${c.all}${c.limited ? ` (${c.limited} answered 429)` : ''}`).join(', ')}`,
      ),
    ),
    '',
    bullet(
      rows.map((r) =>
        r.outcome.failed.length
          ? `${r.windowMs === 0 ? 'All at once' : `Over ${r.windowMs / 1000} s`}: ${r.outcome.failed.length} job(s) FAILED: ${r.outcome.reasons.map(([reason, n]) => `${n} × \`${reason}\``).join('; ')}`
          : `${r.windowMs === 0 ? 'All at once' : `Over ${r.windowMs / 1000} s`}: every job succeeded; each repository holds a new working key, and its console key is revoked.`,
      ),
    ),
  ].join('\n');
}

function headline(row) {
  const id = `matrix.n${JOBS}.w${row.windowMs}`;
  const name = `fleet matrix of ${JOBS}, ${row.windowMs === 0 ? 'all at once' : `started over ${row.windowMs / 1000} s`}`;
  return [
    { key: `${id}.wall`, label: `${name}: time to finish`, value: row.wallMs, unit: 'ms' },
    { key: `${id}.requests`, label: `${name}: platform requests`, value: row.spend.requests, unit: 'requests' },
    { key: `${id}.limited`, label: `${name}: 429s met`, value: row.spend.limited, unit: 'requests' },
  ];
}

if (isMain(import.meta.url)) await runFigure(figure);

// Figure 6, fleet matrix: 100 repositories rotating their own key at once, each in its own job (a
// process running the bundled rotate-key Action, as a matrix job would), against the platform's
// account-wide rate limit played by the emulator: requests spent, 429s met, time to finish.

import { runAction } from '../lib/action-runner.mjs';
import { isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { pathShape } from '../lib/request-log.mjs';
import { median, ms } from '../lib/stats.mjs';
import { actionBundles, importBuilt, requireBuiltFile } from '../lib/workspace.mjs';

const JOBS = 100;
/** DESIGN.md: about 700 requests a minute over the account, 40 a second per route. */
const RATE_LIMIT = { perMinute: 700, perSecond: 40 };
const SECRET = 'NEON_API_KEY';
const TOKEN = 'ghp_bench-matrix';
const JOB_TIMEOUT_MS = 300_000;

export const figure = {
  id: 'fleet-matrix',
  title: `6. Fleet matrix: ${JOBS} repositories rotating at once, each its own job, under the platform's rate limit`,
  command: 'node bench/run-all.mjs fleet-matrix',
  run: measureMatrix,
};

async function measureMatrix() {
  const bundle = requireBuiltFile(actionBundles['rotate-key'], 'the rotate-key Action bundle');
  const emulator = await importBuilt('@keyturn/emulator', ['startPlatformEmulator', 'startGitHubEmulator']);
  const repos = Array.from({ length: JOBS }, (_, i) => `acme/service-${String(i + 1).padStart(3, '0')}`);
  const platform = await emulator.startPlatformEmulator({ rateLimit: RATE_LIMIT });
  const github = await emulator.startGitHubEmulator({ repos, tokens: { [TOKEN]: 'write' } });
  try {
    // Each repository's key, made in the console; its first rotation revokes it by id, as the
    // README's first run does, so every job makes the requests of a steady-state rotation.
    const jobs = repos.map((repo) => ({ repo, key: platform.createKey(`console-${repo.replace('/', '-')}`) }));
    const started = performance.now();
    const runs = await Promise.all(
      jobs.map(async (job) => {
        const run = await runAction(bundle, {
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
        return { ...job, run, finishedMs: performance.now() - started };
      }),
    );
    const wallMs = performance.now() - started;
    const outcome = checkOutcome(platform, github, runs);
    const spend = platformSpend(platform.log.entries());
    return { markdown: render({ runs, wallMs, outcome, spend, githubRequests: github.log.entries().length }), headline: headline(wallMs, spend) };
  } finally {
    await platform.close();
    await github.close();
  }
}

/** Which jobs succeeded, and whether each repository holds a new working key with its console key revoked. */
function checkOutcome(platform, github, runs) {
  const failed = runs.filter(({ run }) => run.code !== 0);
  const rotated = runs.filter(({ repo, key, run }) => {
    const [owner, name] = repo.split('/');
    const stored = github.secretValue({ kind: 'repo', owner, repo: name }, SECRET);
    return run.code === 0 && stored && stored !== key.key && platform.isKeyValid(stored) && !platform.isKeyValid(key.key);
  });
  // The Action ends with an `::error::` annotation saying what happened; jobs are grouped by it.
  const reasons = new Map();
  for (const { run } of failed) {
    const annotation = run.stdout.split('\n').find((line) => line.startsWith('::error'));
    const reason = (annotation ?? `exit ${run.code}, no annotation: ${run.stderr.trim().slice(-200)}`).replace(/\d+/g, 'N').slice(0, 300);
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
  const times = entries.map((e) => Date.parse(e.time));
  return {
    requests: entries.length,
    limited: entries.filter((e) => e.status === 429).length,
    byShape: [...byShape],
    spanMs: times.length ? Math.max(...times) - Math.min(...times) : 0,
  };
}

function render({ runs, wallMs, outcome, spend, githubRequests }) {
  const durations = runs.map((r) => r.run.wallMs);
  const answered = spend.requests - spend.limited;
  return [
    `${JOBS} jobs start together, each \`node actions/rotate-key/dist/index.js\` in its own process with a runner's`,
    `environment, rotating its own repository's key (\`targets: repo:acme/service-NNN\`, \`revoke-key-ids\`: the`,
    'console-made key it starts from). All keys belong to one platform account, whose limit the emulator plays:',
    `${RATE_LIMIT.perMinute} requests a minute over every route, ${RATE_LIMIT.perSecond} a second per route, past either a 429 with`,
    '`Retry-After`. The client retries a 429 after its `Retry-After` (up to 4 retries, within 60 s). On a real',
    `runner every job has its own machine; here all ${JOBS} share 2 cores, so their start is spread by the CPU`,
    '(each spends some 100 ms of CPU starting).',
    '',
    table(
      ['jobs', 'succeeded', 'keys rotated and old revoked', 'time to finish (last job)', 'job wall (median / max)', 'platform requests', 'of which 429', 'per job (answered)', 'GitHub requests'],
      [[
        JOBS,
        JOBS - outcome.failed.length,
        outcome.rotated,
        ms(wallMs),
        `${ms(median(durations))} / ${ms(Math.max(...durations))}`,
        spend.requests,
        spend.limited,
        (answered / JOBS).toFixed(1),
        githubRequests,
      ]],
    ),
    '',
    'Platform requests by kind (429s among them):',
    '',
    bullet(spend.byShape.map(([shape, c]) => `\`${shape}\`: ${c.all}${c.limited ? ` (${c.limited} answered 429)` : ''}`)),
    '',
    bullet([
      `Requests per minute over the run: ${((spend.requests / Math.max(spend.spanMs, 1)) * 60_000).toFixed(0)} (platform requests over the ${ms(spend.spanMs)} between the first and the last), against a limit of ${RATE_LIMIT.perMinute}.`,
      outcome.failed.length
        ? `${outcome.failed.length} job(s) FAILED: ${outcome.reasons.map(([reason, n]) => `${n} × \`${reason}\``).join('; ')}`
        : 'Every job succeeded: each repository holds a new working key, and its console key is revoked.',
    ]),
  ].join('\n');
}

function headline(wallMs, spend) {
  return [
    { key: 'matrix.n100.wall', label: `fleet matrix of ${JOBS}: time to finish`, value: wallMs, unit: 'ms' },
    { key: 'matrix.n100.requests', label: `fleet matrix of ${JOBS}: platform requests`, value: spend.requests, unit: 'requests' },
    { key: 'matrix.n100.limited', label: `fleet matrix of ${JOBS}: 429s met`, value: spend.limited, unit: 'requests' },
  ];
}

if (isMain(import.meta.url)) await runFigure(figure);

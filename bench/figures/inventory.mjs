// Figure 9, inventory of copies: `inventoryCopies` (what `keyturn audit --org` runs) over an
// organization of 1,000 repositories, on a virtual clock: the requests it makes (counted from the
// emulator's log), the time its pacing and one secondary rate limit (Retry-After 60 s) take, and
// both against the floors: the fewest listings the walk needs, and GitHub's documented hourly budget
// for the credential.

import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { ms } from '../lib/stats.mjs';
import { importBuilt } from '../lib/workspace.mjs';

const REPOSITORIES = 1000;
const ORG = 'acme';
const TOKEN = 'ghp_bench-inventory';
const SECRET = 'NEON_API_KEY';
/** Every tenth repository has an environment (one more listing each). */
const WITH_ENVIRONMENT = (i) => i % 10 === 0;
/** GitHub's hourly budgets: https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api */
const BUDGETS = [
  { credential: 'personal access token', perHour: 5000 },
  { credential: 'GitHub App installation (Enterprise Cloud organization)', perHour: 15000 },
  { credential: "a workflow's GITHUB_TOKEN", perHour: 1000 },
];
const SECONDARY_PER_MINUTE = 900;

export const figure = defineFigure({
  id: 'inventory',
  title: '9. Inventory of copies: keyturn audit --org over 1,000 repositories, against the rate-limit floor',
  run: measureInventory,
});

/** A clock that moves only when the walk sleeps: its waits cost no wall time. */
function virtualRuntime() {
  let now = Date.parse('2026-01-01T00:00:00Z');
  let slept = 0;
  return {
    runtime: {
      now: () => now,
      random: Math.random,
      sleep: async (ms) => {
        now += ms;
        slept += ms;
      },
      abortAfter: () => ({ signal: new AbortController().signal, dispose() {} }),
    },
    slept: () => slept,
  };
}

async function measureInventory() {
  const { startGitHubEmulator } = await importBuilt('@keyturn/emulator', ['startGitHubEmulator']);
  const { inventoryCopies, GITHUB_READ_INTERVAL_MS } = await importBuilt('@keyturn/rotation', [
    'inventoryCopies',
    'GITHUB_READ_INTERVAL_MS',
  ]);
  const { createGitHubClient } = await importBuilt('@keyturn/rotation/targets', ['createGitHubClient']);
  const repos = Array.from({ length: REPOSITORIES }, (_, i) => `${ORG}/service-${String(i + 1).padStart(4, '0')}`);
  const environments = Object.fromEntries(repos.filter((_, i) => WITH_ENVIRONMENT(i)).map((r) => [r, ['production']]));
  const rows = [];
  // A fresh emulator a row: one walk spends most of the token's hourly 5,000, two would spend it all.
  for (const limited of [false, true]) {
    const github = await startGitHubEmulator({ orgs: [ORG], repos, environments, tokens: { [TOKEN]: 'read' }, requestLogLimit: 1_000_000 });
    try {
      for (const [i, r] of repos.slice(0, 30).entries()) github.putSecretValue(`repo:${r}`, SECRET, `bench-copy-value-${i}`);
      // One secondary rate limit half-way: the client waits the Retry-After it names, on the virtual clock.
      if (limited) github.secondaryRateLimit({ retryAfter: 60, path: `/repos/${ORG}/service-0500/dependabot/secrets` });
      const clock = virtualRuntime();
      const client = createGitHubClient({ token: TOKEN, baseUrl: github.url, runtime: clock.runtime });
      const started = performance.now();
      const report = await inventoryCopies({ github: { client, org: ORG }, match: [SECRET], records: [], runtime: clock.runtime });
      const wallMs = performance.now() - started;
      if (report.copies.length !== 30 || report.unreadable.length)
        throw new Error(`the inventory found ${report.copies.length} copies (30 expected), ${report.unreadable.length} gaps`);
      rows.push({ limited, requests: github.log.entries().length, counted: report.requests, virtualMs: clock.slept(), wallMs });
    } finally {
      await github.close();
    }
  }
  const floor = Math.ceil(REPOSITORIES / 100) + 3 + 4 * REPOSITORIES + Object.keys(environments).length;
  return { markdown: render(rows, floor, GITHUB_READ_INTERVAL_MS), headline: headline(rows, floor) };
}

function render(rows, floor, intervalMs) {
  const [plain, limited] = rows;
  const secondaryFloorMs = floor * (60_000 / SECONDARY_PER_MINUTE);
  return [
    `One \`inventoryCopies\` call per row (\`@keyturn/rotation\`, in this process, as \`keyturn audit --org\` runs it) over an`,
    `organization of ${REPOSITORIES} repositories (every tenth with an environment, 30 holding a copy), with the`,
    `client's defaults and the walk's read pacing (${intervalMs} ms between two listings: GitHub's secondary limit of`,
    `${SECONDARY_PER_MINUTE} points a minute, a GET one point). The clock is virtual: "virtual time" is what the pacing and`,
    'the rate-limit waits would take on a real clock; "wall" is this machine serving the requests from the emulator.',
    '',
    table(
      ['run', 'requests (served)', 'fewest listings', 'virtual time', 'secondary-limit floor', 'wall'],
      rows.map((r) => [
        r.limited ? 'one secondary limit (Retry-After 60 s)' : 'no limit hit',
        `${r.requests} (${r.counted} counted by the walk)`,
        floor,
        ms(r.virtualMs),
        ms(secondaryFloorMs),
        ms(r.wallMs),
      ]),
    ),
    '',
    `The fewest listings: ${Math.ceil(REPOSITORIES / 100)} pages of repositories (100 a page), 3 organization listings, 4 a repository`,
    '(Actions, Dependabot and Codespaces secrets, environments) and 1 an environment. Against the hourly budget:',
    '',
    table(
      ['credential', 'budget an hour', "share of an hour's budget", 'hours of budget the walk needs'],
      BUDGETS.map((b) => [
        b.credential,
        b.perHour,
        `${Math.round((plain.requests / b.perHour) * 100)}%`,
        (plain.requests / b.perHour).toFixed(2),
      ]),
    ),
    '',
    bullet([
      `Requests: ${plain.requests} served against ${floor} listings at least: ${plain.requests === floor ? 'none spent beyond the floor' : `${plain.requests - floor} beyond it`}.`,
      `Virtual time: ${ms(plain.virtualMs)} against the secondary-limit floor of ${ms(secondaryFloorMs)} (${floor} listings at ${SECONDARY_PER_MINUTE} a minute); with one secondary limit, ${ms(limited.virtualMs)} (its 60 s wait and the retried listing).`,
      "A personal access token spends most of an hour's budget; a workflow's GITHUB_TOKEN cannot list 1,000 repositories within one hour: the walk stops at the primary limit and `--resume` goes on after the reset.",
    ]),
  ].join('\n');
}

function headline(rows, floor) {
  const [plain] = rows;
  return [
    { key: 'inventory.n1000.requests', label: 'inventory of 1,000 repositories: requests', value: plain.requests, unit: 'requests' },
    { key: 'inventory.n1000.floor', label: 'inventory of 1,000 repositories: fewest listings', value: floor, unit: 'requests' },
    { key: 'inventory.n1000.virtual', label: 'inventory of 1,000 repositories: virtual time', value: plain.virtualMs, unit: 'ms' },
  ];
}

if (isMain(import.meta.url)) await runFigure(figure);

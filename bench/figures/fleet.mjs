// Figure 4, fleet: one key rotated into 1, 10 and 100 repository secrets with rotateKey, against
// the GitHub emulator holding 100 repositories, under the write throttling GitHub asks for.

import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { pathShape } from '../lib/request-log.mjs';
import { ms } from '../lib/stats.mjs';
import { githubWriteIntervalMs, importBuilt } from '../lib/workspace.mjs';

const SIZES = [1, 10, 100];
/** A last row: 10 targets, the first write answered with a secondary rate limit. */
const LIMITED = { size: 10, retryAfterSeconds: 2 };
const REPOSITORIES = Array.from({ length: 100 }, (_, i) => `acme/service-${String(i + 1).padStart(3, '0')}`);
const SECRET = 'NEON_API_KEY';
const TOKEN = 'ghp_bench-fleet';

export const figure = defineFigure({
  id: 'fleet',
  title: '5. Fleet: one key rotated into 1, 10 and 100 repository secrets',
  run: measureFleet,
});

async function measureFleet() {
  // createGitHubClient's default spacing between two writes (the rotation's GITHUB_WRITE_INTERVAL_MS).
  const writeSpacingMs = await githubWriteIntervalMs();
  const emulator = await importBuilt('@keyturn/emulator', ['startPlatformEmulator', 'startGitHubEmulator', 'secondaryRateLimitFault']);
  const { createClient } = await importBuilt('@keyturn/api', ['createClient']);
  const { rotateKey } = await importBuilt('@keyturn/rotation', ['rotateKey']);
  const { secondaryRateLimitFault } = emulator;
  const platform = await emulator.startPlatformEmulator();
  const github = await emulator.startGitHubEmulator({ repos: REPOSITORIES, tokens: { [TOKEN]: 'write' } });
  try {
    let currentKey = platform.createKey('made-in-console').key;
    const rows = [];
    const cases = [...SIZES.map((size) => ({ size })), { size: LIMITED.size, limited: true }];
    for (const { size, limited } of cases) {
      const repos = REPOSITORIES.slice(0, size);
      platform.log.clear();
      github.log.clear();
      if (limited) github.faults.add(secondaryRateLimitFault({ times: 1, method: 'PUT', retryAfter: LIMITED.retryAfterSeconds }));
      const started = performance.now();
      const report = await rotateKey({
        client: createClient({ apiKey: currentKey, baseUrl: platform.url }),
        github: { token: TOKEN, baseUrl: github.url },
        targets: repos.map((r) => `repo:${r}`),
        secretName: SECRET,
        family: 'bench-fleet',
        revokeKeyIds: [],
      });
      const wallMs = performance.now() - started;
      currentKey = checkStored(platform, github, repos, currentKey, report);
      rows.push({ size, limited, wallMs, ...githubSpend(github.log.entries()), platformRequests: platform.log.entries().length });
    }
    return { markdown: render(rows, writeSpacingMs), headline: headline(rows) };
  } finally {
    await platform.close();
    await github.close();
  }
}

/** Every target holds the same new, working key; returns it (the next rotation's current key). */
function checkStored(platform, github, repos, previousKey, report) {
  const values = new Set(repos.map((r) => github.secretValue({ kind: 'repo', owner: r.split('/')[0], repo: r.split('/')[1] }, SECRET)));
  const [value] = values;
  if (values.size !== 1 || !value || value === previousKey || !platform.isKeyValid(value)) {
    throw new Error(`rotation into ${repos.length} targets did not store one new working key everywhere`);
  }
  if (report.targets.length !== repos.length)
    throw new Error(`report lists ${report.targets.length} targets written, expected ${repos.length}`);
  return value;
}

export function githubSpend(entries) {
  const byShape = new Map();
  for (const e of entries) {
    const shape = `${e.method} ${pathShape(e.path)}`;
    byShape.set(shape, (byShape.get(shape) ?? 0) + 1);
  }
  const writes = entries.filter((e) => e.method !== 'GET').map((e) => Date.parse(e.time));
  const gaps = writes.slice(1).map((t, i) => t - writes[i]);
  return {
    githubRequests: entries.length,
    byShape: [...byShape].map(([shape, n]) => `${n} \`${shape}\``).join(', '),
    minWriteGapMs: gaps.length > 0 ? Math.min(...gaps) : undefined,
    writeWindowMs: writes.length > 1 ? writes.at(-1) - writes[0] : 0,
  };
}

function render(rows, writeSpacingMs) {
  return [
    'One `rotateKey` call per row (from `@keyturn/rotation`, in this process), each rotating the key the',
    'previous row made, into the first 1, 10 or 100 of 100 repositories of the GitHub emulator. GitHub',
    'asks integrators to send mutating requests one at a time and to wait a second between them',
    '([best practices](https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api#avoid-concurrent-requests)):',
    "`createGitHubClient` replaces @octokit/plugin-throttling's `write` Bottleneck group (maxConcurrent 1,",
    `minTime 1000 ms) with \`WriteSpacing\`, which starts each write (PUT/POST/PATCH/DELETE) at least`,
    `\`writeIntervalMs\` (default ${writeSpacingMs} ms) after the previous one; reads go through the plugin's global group`,
    '(at most 10 at a time). A primary or secondary rate limit (403/429 with `Retry-After` or a reset time)',
    'is waited out and retried up to 3 times, and given up when the wait exceeds 120 s. The floor is two',
    'GitHub requests per target (its public key, then the PUT of the sealed secret), and',
    `(targets − 1) × ${writeSpacingMs} ms of write spacing.`,
    '',
    table(
      [
        'targets',
        'wall',
        'write spacing floor',
        'wall − spacing',
        'GitHub requests (floor 2/target)',
        'smallest gap between writes',
        'platform requests',
      ],
      rows.map((r) => [
        r.limited ? `${r.size}, first write limited` : r.size,
        ms(r.wallMs),
        ms((r.size - 1) * writeSpacingMs),
        ms(r.wallMs - (r.size - 1) * writeSpacingMs),
        `${r.githubRequests} (${(r.githubRequests / r.size).toFixed(1)}/target)`,
        r.minWriteGapMs === undefined ? '—' : ms(r.minWriteGapMs),
        r.platformRequests,
      ]),
    ),
    '',
    `"First write limited": the emulator answers the first PUT with GitHub's secondary rate limit (403,`,
    `\`Retry-After: ${LIMITED.retryAfterSeconds}\`); the client waits it out and writes again, so the row costs about ${LIMITED.retryAfterSeconds} s and one request more.`,
    '',
    'GitHub requests by kind:',
    '',
    bullet(rows.map((r) => `${r.size} targets${r.limited ? ', first write limited' : ''}: ${r.byShape}`)),
  ].join('\n');
}

function headline(rows) {
  return rows.flatMap((r) => {
    const id = `n${r.size}${r.limited ? '-limited' : ''}`;
    const name = `fleet of ${r.size}${r.limited ? ', first write limited' : ''}`;
    return [
      { key: `fleet.${id}.wall`, label: `${name}: wall`, value: r.wallMs, unit: 'ms' },
      { key: `fleet.${id}.github`, label: `${name}: GitHub requests`, value: r.githubRequests, unit: 'requests' },
    ];
  });
}

if (isMain(import.meta.url)) await runFigure(figure);

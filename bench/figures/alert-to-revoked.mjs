// Figure 8, alert to revoked key: one scheduled alert-mode run (answerLeakAlerts) answering a
// secret-scanning alert for a key held in 1, 10 and 100 repository secrets: read the alert, match
// it to the family's record, rotate the key out of every target, revoke it, resolve the alert.
// Wall time and requests of that one run, and of the next run, with nothing open.

import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { ms } from '../lib/stats.mjs';
import { githubWriteIntervalMs, importBuilt } from '../lib/workspace.mjs';
import { githubSpend } from './fleet.mjs';

const SIZES = [1, 10, 100];
const REPOSITORIES = Array.from({ length: 100 }, (_, i) => `acme/service-${String(i + 1).padStart(3, '0')}`);
const RECORD_REPOSITORY = 'acme/ops';
const SECRET = 'NEON_API_KEY';
const SECRET_TYPE = 'custom_pattern_platform_api_key';
const TOKEN = 'ghp_bench-alerts';

export const figure = defineFigure({
  id: 'alert-to-revoked',
  title: '8. Alert to revoked key: one alert-mode run answering a leak, for 1, 10 and 100 targets',
  run: measureAlerts,
});

async function measureAlerts() {
  const writeSpacingMs = await githubWriteIntervalMs();
  const emulator = await importBuilt('@keyturn/emulator', ['startPlatformEmulator', 'startGitHubEmulator']);
  const { createClient } = await importBuilt('@keyturn/api', ['createClient']);
  const { rotateKey, answerLeakAlerts } = await importBuilt('@keyturn/rotation', ['rotateKey', 'answerLeakAlerts']);
  const rows = [];
  for (const size of SIZES) {
    const platform = await emulator.startPlatformEmulator();
    const github = await emulator.startGitHubEmulator({ repos: [...REPOSITORIES, RECORD_REPOSITORY] });
    github.addToken(TOKEN, 'write', { secretScanningAlerts: 'write' });
    try {
      const targets = REPOSITORIES.slice(0, size).map((r) => `repo:${r}`);
      const rotation = (apiKey, extra = {}) => ({
        client: createClient({ apiKey, baseUrl: platform.url }),
        github: { token: TOKEN, baseUrl: github.url, ...extra },
        targets,
        secretName: SECRET,
        record: { repository: RECORD_REPOSITORY },
        defaultRepository: RECORD_REPOSITORY,
      });
      // Not measured: the family's earlier rotation (its key is the one that leaks), writes unspaced.
      let leaked;
      const onKeyCreated = (value) => {
        leaked = value;
      };
      await rotateKey({ ...rotation(platform.createKey('made-in-console').key, { writeIntervalMs: 0 }), onKeyCreated });
      github.raiseSecretScanningAlert(RECORD_REPOSITORY, { secretType: SECRET_TYPE, secret: leaked });

      platform.log.clear();
      github.log.clear();
      const started = performance.now();
      const report = await answerLeakAlerts({ rotation: rotation(leaked), secretType: SECRET_TYPE });
      const wallMs = performance.now() - started;
      const [answered] = report.answered;
      const [alert] = github.secretScanningAlerts(RECORD_REPOSITORY);
      if (!answered?.resolved || platform.isKeyValid(leaked) || alert?.state !== 'resolved' || alert.history.length !== 1) {
        throw new Error(`the alert-mode run for ${size} targets did not revoke the key and resolve its alert once`);
      }
      const answeredRow = {
        wallMs,
        msToRevocation: answered.msToRevocation,
        ...githubSpend(github.log.entries()),
        platformRequests: platform.log.entries().length,
      };

      // The next scheduled run: nothing open.
      platform.log.clear();
      github.log.clear();
      const quietStarted = performance.now();
      const next = github.secretValue({ kind: 'repo', owner: 'acme', repo: 'service-001' }, SECRET);
      await answerLeakAlerts({ rotation: rotation(next), secretType: SECRET_TYPE });
      const quiet = {
        wallMs: performance.now() - quietStarted,
        githubRequests: github.log.entries().length,
        platformRequests: platform.log.entries().length,
      };
      rows.push({ size, ...answeredRow, quiet });
    } finally {
      await platform.close();
      await github.close();
    }
  }
  return { markdown: render(rows, writeSpacingMs), headline: headline(rows) };
}

function render(rows, writeSpacingMs) {
  return [
    'One `answerLeakAlerts` call per row (`@keyturn/rotation`, in this process; the rotate-key Action in',
    'alert mode is a thin mapping onto it), against fresh emulators: an alert of the custom pattern is open',
    'in the record repository for the key held in the first 1, 10 or 100 of 100 repository secrets, and the',
    'family record knows its fingerprint. The run reads the open alerts, loads the records, runs a dry run',
    'to learn its own family, checks the key is live (`GET /auth` with the value), runs the emergency',
    'rotation (preflight, create, verify, store in every target, revoke the leaked key), asks `GET /auth`',
    'again (401: dead) and resolves the alert. "Alert to revoked" is from the start of the run to the',
    `revocation; GitHub's write spacing (${writeSpacingMs} ms between two writes) makes most of it at 100 targets.`,
    '"Next run" is the scheduled run after it, with nothing open.',
    '',
    table(
      ['targets', 'wall', 'alert to revoked', 'GitHub requests', 'platform requests', 'next run: wall', 'next run: requests'],
      rows.map((r) => [
        r.size,
        ms(r.wallMs),
        r.msToRevocation === undefined ? '—' : ms(r.msToRevocation),
        r.githubRequests,
        r.platformRequests,
        ms(r.quiet.wallMs),
        `${r.quiet.githubRequests} GitHub, ${r.quiet.platformRequests} platform`,
      ]),
    ),
    '',
    'GitHub requests by kind:',
    '',
    bullet(rows.map((r) => `${r.size} targets: ${r.byShape}`)),
  ].join('\n');
}

function headline(rows) {
  return rows.flatMap((r) => [
    { key: `alert-to-revoked.n${r.size}.wall`, label: `alert to revoked key, ${r.size} targets: wall`, value: r.wallMs, unit: 'ms' },
    {
      key: `alert-to-revoked.n${r.size}.requests`,
      label: `alert to revoked key, ${r.size} targets: requests`,
      value: r.githubRequests + r.platformRequests,
      unit: 'requests',
    },
  ]);
}

if (isMain(import.meta.url)) await runFigure(figure);

// Figure 9, rotation by the clock: what an hourly run costs when rotate-every says the key is not
// due, against today's scheduled run (a full rotation each time it fires), for 1 and 10 targets;
// and the no-op run that also revokes a superseded key whose revoke-after deadline has passed.
// Requests counted from the emulators' logs; the platform's clock is virtual so keys age at once.

import { defineFigure, isMain, runFigure } from '../lib/figure.mjs';
import { bullet, table } from '../lib/markdown.mjs';
import { importBuilt } from '../lib/workspace.mjs';
import { githubSpend } from './fleet.mjs';

const SIZES = [1, 10];
const REPOSITORIES = Array.from({ length: 10 }, (_, i) => `acme/service-${String(i + 1).padStart(2, '0')}`);
const RECORD_REPOSITORY = 'acme/ops';
const TOKEN = 'ghp_bench-clock';
const HOUR = 3_600_000;

export const figure = defineFigure({
  id: 'clock-noop',
  title: '9. Rotation by the clock: an hourly run that is not due, against a scheduled rotation',
  run: measureClock,
});

async function measureClock() {
  const emulator = await importBuilt('@keyturn/emulator', ['startPlatformEmulator', 'startGitHubEmulator']);
  const { createClient } = await importBuilt('@keyturn/api', ['createClient']);
  const { rotateKey } = await importBuilt('@keyturn/rotation', ['rotateKey']);
  const rows = [];
  for (const size of SIZES) {
    let now = Date.parse('2026-03-02T09:00:00Z');
    const platform = await emulator.startPlatformEmulator({ clock: () => now });
    const github = await emulator.startGitHubEmulator({ repos: [...REPOSITORIES, RECORD_REPOSITORY], tokens: { [TOKEN]: 'write' } });
    try {
      let current = platform.createKey('made-in-console').key;
      const rotate = async (extra) => {
        platform.log.clear();
        github.log.clear();
        const report = await rotateKey({
          client: createClient({ apiKey: current, baseUrl: platform.url }),
          apiKey: current,
          github: { token: TOKEN, baseUrl: github.url, writeIntervalMs: 0 },
          targets: REPOSITORIES.slice(0, size).map((r) => `repo:${r}`),
          record: { repository: RECORD_REPOSITORY },
          now: () => new Date(now),
          onKeyCreated: (value) => {
            current = value;
          },
          ...extra,
        });
        return {
          report,
          github: githubSpend(github.log.entries()),
          platform: platform.log.entries().map((e) => `${e.method} ${e.path.replace(/\/\d+$/, '/{id}')}`),
        };
      };
      // Today's scheduled run: every run rotates (the first one adopts the console key's family and starts the record).
      await rotate({});
      now += HOUR;
      const scheduled = await rotate({});
      // The hourly run of rotate-every 7d, an hour after the rotation: not due.
      now += HOUR;
      await rotate({ revokeAfter: '24h' });
      now += HOUR;
      const noop = await rotate({ rotateEvery: '7d', revokeAfter: '24h' });
      if (!noop.report.idle) throw new Error('the rotate-every run rotated');
      // A day on: the superseded key's deadline has passed; still not due.
      now += 24 * HOUR;
      const revoking = await rotate({ rotateEvery: '7d', revokeAfter: '24h' });
      if (!revoking.report.idle || revoking.report.revokedKeyIds.length !== 1)
        throw new Error('the no-op run did not revoke the key past its deadline');
      rows.push({ size, scheduled, noop, revoking });
    } finally {
      await platform.close();
      await github.close();
    }
  }
  return { markdown: render(rows), headline: headline(rows) };
}

const count = (run) => `${run.github.githubRequests} GitHub + ${run.platform.length} platform`;

function render(rows) {
  return [
    'One `rotateKey` call per cell (`@keyturn/rotation`, in this process) against fresh emulators, the record in',
    `${RECORD_REPOSITORY}'s variables, targets the first 1 or 10 of 10 repository secrets. "Scheduled run" is today's`,
    'schedule: each run rotates (the second run of a family, so its record and lease are in use). "No-op" is an hourly',
    'run with `rotateEvery: 7d` an hour after a rotation: it reads the record and lists the keys, and stops. "No-op,',
    'deadline passed" is the same run a day later with `revokeAfter: 24h`: it also revokes the superseded key.',
    '',
    table(
      ['targets', 'scheduled run', 'no-op (rotate-every 7d)', 'no-op, deadline passed'],
      rows.map((r) => [r.size, count(r.scheduled), count(r.noop), count(r.revoking)]),
    ),
    '',
    'Requests by kind:',
    '',
    bullet(
      rows.flatMap((r) => [
        `${r.size} targets, scheduled run: GitHub ${r.scheduled.github.byShape}; platform ${r.scheduled.platform.map((p) => `\`${p}\``).join(', ')}`,
        `${r.size} targets, no-op: GitHub ${r.noop.github.byShape}; platform ${r.noop.platform.map((p) => `\`${p}\``).join(', ')}`,
        `${r.size} targets, no-op, deadline passed: GitHub ${r.revoking.github.byShape}; platform ${r.revoking.platform.map((p) => `\`${p}\``).join(', ')}`,
      ]),
    ),
    '',
    bullet(
      rows.map(
        (r) =>
          `${r.size} targets: the no-op run stays within 2 GitHub requests and 1 platform request: ${r.noop.github.githubRequests <= 2 && r.noop.platform.length <= 1 ? 'yes' : 'NO'}.`,
      ),
    ),
  ].join('\n');
}

function headline(rows) {
  return rows.flatMap((r) => [
    {
      key: `clock-noop.n${r.size}.scheduled`,
      label: `scheduled rotation, ${r.size} targets: requests`,
      value: r.scheduled.github.githubRequests + r.scheduled.platform.length,
      unit: 'requests',
    },
    {
      key: `clock-noop.n${r.size}.noop`,
      label: `rotate-every no-op run, ${r.size} targets: requests`,
      value: r.noop.github.githubRequests + r.noop.platform.length,
      unit: 'requests',
    },
  ]);
}

if (isMain(import.meta.url)) await runFigure(figure);

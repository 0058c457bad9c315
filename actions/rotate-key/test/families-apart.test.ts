// Families stay apart (issue 35, item 2), through the bundled Action: five secrets rotated in one
// repository, each by its own workflow, twice each, the five workflows' runs side by side (as
// schedules meet; each family's own runs one after the other). No run's log, annotations or job
// summary names another secret or its family: nothing there needs a person.

import { describe, expect } from 'vitest';
import type { ActionRun } from '@keyturn/action-runner';
import { it, REPO } from './rotate-key-world.js';

const SECRETS = ['NEON_API_KEY', 'NEON_DEPLOY_KEY', 'NEON_READ_KEY', 'NEON_ADMIN_KEY', 'NEON_CI_KEY'];

describe('five secrets rotated in one repository', () => {
  // Ten runs of the bundle, five at a time.
  it('each run speaks of its own family only, and revokes only its own previous key', { timeout: 300_000 }, async ({ world }) => {
    const { consoleKey, github, platform, rotate, secrets } = world;
    const consoleKeys = SECRETS.map((secret) => platform.createKey(`console key of ${secret}`));
    for (const [i, secret] of SECRETS.entries()) github.putSecretValue(REPO, secret, consoleKeys[i]!.key);
    secrets.push(...consoleKeys.map((k) => k.key));
    const runs: Array<{ secret: string; run: ActionRun }> = [];
    const previous = new Map(SECRETS.map((secret, i) => [secret, consoleKeys[i]!.id]));

    for (const round of [1, 2]) {
      const done = await Promise.all(
        SECRETS.map(async (secret, i) => {
          const run = await rotate({
            'api-key': github.secretValue(REPO, secret)!,
            'secret-name': secret,
            targets: REPO,
            ...(round === 1 && { 'revoke-key-ids': String(consoleKeys[i]!.id) }),
          });
          return { secret, run };
        }),
      );
      for (const { secret, run } of done) {
        secrets.push(github.secretValue(REPO, secret)!);
        expect(run.exitCode, `${secret}, round ${round}: ${run.stderr}`).toBe(0);
        expect(run.annotations, `${secret}, round ${round}`).toEqual([]);
        expect(run.outputs['revoked-key-ids'], `${secret}, round ${round}`).toBe(JSON.stringify([previous.get(secret)]));
        previous.set(secret, Number(run.outputs['key-id']));
        runs.push({ secret, run });
      }
    }

    // Each family is its key names' prefix, as the first run of each secret made it.
    const familyOf = new Map(
      runs.slice(0, SECRETS.length).map(({ secret, run }) => [secret, run.outputs['key-name']!.replace(/-\d{8}T\d{6}Z-[a-z0-9]+$/, '')]),
    );
    expect(new Set(familyOf.values()).size).toBe(SECRETS.length);
    for (const { secret, run } of runs) {
      // Each run reads whether the other secrets still exist where their records say (how it tells
      // a rename from another workflow's secret): those request lines name a path, not a family.
      const said = `${run.visibleStdout}\n${run.summary}`.split('\n').filter((line) => !/^GitHub GET \S+ -> \d{3} in /.test(line));
      const others = SECRETS.filter((s) => s !== secret).flatMap((s) => [s, familyOf.get(s)!]);
      expect(
        said.filter((line) => others.some((other) => line.includes(other))),
        `what ${secret}'s run says of other families`,
      ).toEqual([]);
    }
    // One working key per secret, and no other (but the world's console key, which no run was given).
    const live = platform
      .listKeys()
      .filter((k) => !k.revoked && k.id !== consoleKey.id)
      .map((k) => k.id);
    expect(live.sort((a, b) => a - b)).toEqual([...previous.values()].sort((a, b) => a - b));
  });
});

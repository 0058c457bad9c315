// Families stay apart (issue 35, item 2): several secrets rotated in one repository, as
// examples/rotate-project-key.yml sets up, each by its own workflow. A run speaks of another family
// only when something there needs a person; five secrets rotated in turn, twice each, need nobody.

import { describe, expect, it } from 'vitest';
import { deriveFamily } from '../src/family.js';
import { runRotation } from './run.js';
import { REPO, useFreshWorld, type World } from './world.js';

const SECRETS = ['NEON_API_KEY', 'NEON_DEPLOY_KEY', 'NEON_READ_KEY', 'NEON_ADMIN_KEY', 'NEON_CI_KEY'];
const record = { repository: 'acme/web' };

let world: World;
// No key of a family yet: each secret's only key is the one made in the console.
useFreshWorld(
  (fresh) => {
    world = fresh;
  },
  { seedFamilyKey: false },
);

describe('five families in one repository', () => {
  it('each run names no other family, counts none of its keys, and revokes only its own previous key', async () => {
    // Each secret starts with a key made in the console, named in the first run's revokeKeyIds.
    const consoleKeys = SECRETS.map((secret) => world.platform.createKey(`console key of ${secret}`));
    for (const [i, secret] of SECRETS.entries()) world.github.putSecretValue(REPO, secret, consoleKeys[i]!.key);
    const families = SECRETS.map((secret) => deriveFamily(REPO, secret));
    const previous = new Map<string, number>(SECRETS.map((secret, i) => [secret, consoleKeys[i]!.id]));

    for (const round of [1, 2]) {
      for (const [i, secretName] of SECRETS.entries()) {
        const run = await runRotation(world, {
          record,
          targets: [REPO],
          secretName,
          apiKey: world.github.secretValue(REPO, secretName),
          revokeKeyIds: round === 1 ? [consoleKeys[i]!.id] : [],
        });
        const others = [...families.filter((_, j) => j !== i), ...SECRETS.filter((s) => s !== secretName)];
        const said = [...run.logs.map((l) => l.message), ...(run.error ? [run.error.message] : [])];
        expect(run.error?.message, `${secretName}, round ${round}`).toBeUndefined();
        expect(run.report!.family).toBe(families[i]);
        expect(
          said.filter((line) => others.some((other) => line.includes(other))),
          `${secretName}, round ${round}: lines naming another family`,
        ).toEqual([]);
        expect(run.report!.notices, `${secretName}, round ${round}`).toEqual([]);
        expect(run.report!.warnings).toEqual([]);
        expect(run.report!.revokedKeyIds, `${secretName}, round ${round}`).toEqual([previous.get(secretName)]);
        previous.set(secretName, run.report!.keyId!);
      }
    }
    // One working key per secret, and no other (but the world's own console key, which the environment's secret holds).
    const live = world.platform
      .listKeys()
      .filter((k) => !k.revoked && k.id !== world.consoleKey.id)
      .map((k) => k.id)
      .sort((a, b) => a - b);
    expect(live).toEqual([...previous.values()].sort((a, b) => a - b));
    for (const secret of SECRETS) expect(world.platform.isKeyValid(world.github.secretValue(REPO, secret)!), secret).toBe(true);
  });
});

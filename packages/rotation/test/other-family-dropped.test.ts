// A target another family's record of the secret names, no longer listed nor retired, is a dropped
// target (README, Drop a target): its keys stay valid, and each run names it and them, never silently
// (issue 22, item 5). Simulator seeds 1947 and 4679: such a target, retired while the secret had
// another name, stayed in the record of the first name; after the rename back no run named it, and
// its family's key stayed valid, held by no secret.

import { describe, expect, it } from 'vitest';
import { runRotation } from './run.js';
import { ENV, ENV_SECRET_PATH, REPO, useFreshWorld, type World } from './world.js';

const record = { repository: 'acme/web' };

let world: World;
useFreshWorld(
  (fresh) => {
    world = fresh;
  },
  { seedFamilyKey: false },
);

const droppedWarnings = (warnings: readonly string[]) => warnings.filter((w) => w.startsWith(`Target ${ENV} is no longer in targets`));

describe('a target another family of the secret still names', () => {
  it('is warned each run with the key it may hold, until retired; then the family is settled', async () => {
    // The environment alone: a family of its own, whose record names it.
    const first = await runRotation(world, { record, targets: [ENV], apiKey: world.consoleKey.key, revokeKeyIds: [] });
    expect(first.error?.message).toBeUndefined();
    const envKey = first.report!;

    // The secret moves to the repository: a family of its own; the environment is neither listed nor retired.
    for (const round of [1, 2]) {
      const run = await runRotation(world, {
        record,
        targets: [REPO],
        apiKey: world.github.secretValue(REPO, 'NEON_API_KEY'),
        revokeKeyIds: [],
      });
      expect(run.error?.message, `run ${round}`).toBeUndefined();
      expect(run.report!.family).not.toBe(envKey.family);
      expect(droppedWarnings(run.report!.warnings)).toEqual([
        `Target ${ENV} is no longer in targets but may still hold key ${envKey.keyId} (${envKey.keyName}) of family ${envKey.family}, whose record names it; it stays valid. If it no longer needs NEON_API_KEY, delete the secret there and name it in \`retireTargets\`; otherwise put it back in targets.`,
      ]);
      expect(run.report!.droppedTargets).toEqual([ENV]);
      expect(world.platform.isKeyValid(first.createdValues[0]!)).toBe(true);
    }

    // Retired as the warning says: the family's key goes, and no run names the target again.
    const deleted = await world.githubApi('DELETE', ENV_SECRET_PATH);
    expect(deleted.status).toBe(204);
    const retiring = await runRotation(world, {
      record,
      targets: [REPO],
      retireTargets: [ENV],
      apiKey: world.github.secretValue(REPO, 'NEON_API_KEY'),
      revokeKeyIds: [],
    });
    expect(retiring.error?.message).toBeUndefined();
    expect(retiring.report!.revokedKeyIds).toContain(envKey.keyId);
    expect(droppedWarnings(retiring.report!.warnings)).toEqual([]);
    const after = await runRotation(world, {
      record,
      targets: [REPO],
      apiKey: world.github.secretValue(REPO, 'NEON_API_KEY'),
      revokeKeyIds: [],
    });
    expect(after.error?.message).toBeUndefined();
    expect(droppedWarnings(after.report!.warnings)).toEqual([]);
    expect(after.report!.droppedTargets ?? []).toEqual([]);
  });
});

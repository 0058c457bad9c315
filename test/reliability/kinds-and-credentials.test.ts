// Every kind of platform key with either kind of GitHub credential, through the bundled Action: a
// personal, an organization and a project-scoped key (the last with its managing key), each written
// with a token and as a GitHub App. Each run ends with one live key of the family, held by every
// target, the seeded keys revoked, every installation token revoked, and nothing leaked.

import { describe, expect, it } from 'vitest';
import { errorsOf, expectEveryTargetHoldsAWorkingKey, expectNoLeaks, liveKeyIds } from './harness/invariants.js';
import { RIG_KINDS, startRotationRig, TARGETS } from './harness/rotation-rig.js';

const cases = RIG_KINDS.flatMap((kind) => (['token', 'app'] as const).map((credential) => ({ kind, credential })));

describe.concurrent('each kind of key with each kind of GitHub credential', () => {
  it.each(cases)('$kind key, written with a GitHub $credential', async ({ kind, credential }) => {
    const rig = await startRotationRig({ kind, credential });
    try {
      const run = await rig.rotate().done;
      rig.learn(run);
      expect(errorsOf(run)).toEqual([]);
      expect(run.exitCode).toBe(0);

      const keyId = Number(run.outputs['key-id']);
      expect(JSON.parse(run.outputs.targets!)).toEqual([...TARGETS]);
      expect(JSON.parse(run.outputs['revoked-key-ids']!)).toEqual(rig.seeded.map((k) => k.id));
      expect(new Set(rig.heldValues()).size, 'every target holds the same key').toBe(1);
      expectEveryTargetHoldsAWorkingKey(rig);
      expect(liveKeyIds(rig.platform), "the new key is the family's only live key").toEqual([keyId]);

      if (rig.app) {
        const tokens = rig.github.installationTokens(rig.app.id);
        expect(tokens.length, 'one installation token for the one owner').toBe(1);
        expect(
          tokens.every((t) => t.revoked),
          'every installation token revoked at the end',
        ).toBe(true);
      }
      expectNoLeaks(run, rig.secrets);
    } finally {
      await rig.close();
    }
  });
});

// Another family's live key that none of the targets its record still names may hold (simulator
// seed 874975652). A run retires a target, and its record write before the secrets, given up on,
// lands after the run: the record names the retired target again, with the key it held then. The
// secret then moves to another family and the other targets are retired: the old family's record
// still names the stale target, so it is never settled, and its newest key, held by no secret,
// stayed valid with no run naming it. It stays valid (the record may be stale: revoking on it could
// lock a target out), but each run names it, with what settles the family.

import { describe, expect, it } from 'vitest';
import { readRecordText } from '../src/record/format.js';
import { abandoningFirstRecordPatch } from './abandoned-record-write.js';
import { runRotation } from './run.js';
import { ENV, ENV_SECRET_PATH, SECRET, useFreshWorld, type World } from './world.js';

const record = { repository: 'acme/web' };
const API = 'repo:acme/api';
const API_SECRET_PATH = `/repos/acme/api/actions/secrets/${SECRET}`;
const DOCS = 'repo:acme/docs';

let world: World;
useFreshWorld(
  (fresh) => {
    world = fresh;
  },
  { seedFamilyKey: false },
);

async function recordOf(family: string) {
  for (const { value } of await world.variables()) {
    const read = readRecordText(value);
    if (read.kind === 'record' && read.record.family === family) return read.record;
  }
  return undefined;
}

const unheldWarnings = (warnings: readonly string[]) =>
  warnings.filter((w) => w.includes('none of the targets its record still names may hold'));

/**
 * The old family (the environment and acme/api); acme/api retired by a run whose record write before
 * the secrets lands late, naming it again; the secret moved to acme/docs and the environment retired.
 */
async function oldFamilyLeftNamingRetiredTarget() {
  const first = await runRotation(world, { record, targets: [ENV, API], apiKey: world.consoleKey.key, revokeKeyIds: [] });
  expect(first.error?.message).toBeUndefined();
  const family = first.report!.family;

  // acme/api retired; the record write before the secrets is given up on (the run retries it).
  expect((await world.githubApi('DELETE', API_SECRET_PATH)).status).toBe(204);
  const late = abandoningFirstRecordPatch();
  const second = await runRotation(world, {
    record,
    targets: [ENV],
    retireTargets: [API],
    apiKey: world.github.secretValue(ENV, SECRET),
    github: world.githubOptions({ fetch: late.fetch }),
    revokeKeyIds: [],
  });
  expect(second.error?.message).toBeUndefined();
  expect(second.report!.revokedKeyIds).toEqual([first.report!.keyId]);
  expect((await recordOf(family))?.targets[API]).toBeUndefined();

  // It lands late: the record names acme/api again, with the key revoked since.
  expect(late.abandoned).toHaveLength(1);
  expect((await fetch(late.abandoned[0]!.url, late.abandoned[0]!.init)).status).toBe(204);
  expect((await recordOf(family))?.targets[API]?.keyIds).toEqual([first.report!.keyId]);

  // The secret moves to acme/docs (a family of its own); the environment's key is named as a dropped target's.
  const third = await runRotation(world, { record, targets: [DOCS], apiKey: world.github.secretValue(ENV, SECRET), revokeKeyIds: [] });
  expect(third.error?.message).toBeUndefined();
  expect(third.report!.family).not.toBe(family);
  expect(third.report!.warnings).toContainEqual(
    expect.stringMatching(`^Target ${ENV} is no longer in targets but may still hold key ${second.report!.keyId} `),
  );
  expect((await world.githubApi('DELETE', ENV_SECRET_PATH)).status).toBe(204);
  return { family, first, second, third };
}

describe('another family whose record still names a target, but not for its live key', () => {
  it('names the key each run, and the key goes once that target is retired too', async () => {
    const { family, first, second, third } = await oldFamilyLeftNamingRetiredTarget();
    const kept = second.report!.keyId!;

    // The environment retired: the old record still names acme/api, whose entry holds no live key.
    for (const round of [1, 2]) {
      const run = await runRotation(world, {
        record,
        targets: [DOCS],
        retireTargets: [ENV],
        apiKey: world.github.secretValue(DOCS, SECRET),
        revokeKeyIds: [],
      });
      expect(run.error?.message, `run ${round}`).toBeUndefined();
      expect(run.report!.revokedKeyIds, `run ${round}`).not.toContain(kept);
      expect(world.platform.isKeyValid(second.createdValues[0]!)).toBe(true);
      expect(unheldWarnings(run.report!.warnings), `run ${round}`).toEqual([
        `Key ${kept} (${second.report!.keyName}) of family ${family} stays valid, though none of the targets its record still names may hold it: ${API}. The family's keys are revoked once its record names no target: if ${API} no longer needs ${SECRET}, delete the secret there (if it is still there) and name it in \`retireTargets\`; otherwise put it back in targets. Or, if no secret holds that key, name it in \`revokeKeyIds\`.`,
      ]);
    }
    expect(Object.keys((await recordOf(family))!.targets)).toEqual([API]);

    // acme/api retired again, as the warning says: the family is settled, its key revoked, its record deleted.
    const settling = await runRotation(world, {
      record,
      targets: [DOCS],
      retireTargets: [API],
      apiKey: world.github.secretValue(DOCS, SECRET),
      revokeKeyIds: [],
    });
    expect(settling.error?.message).toBeUndefined();
    expect(settling.report!.revokedKeyIds).toContain(kept);
    expect(world.platform.isKeyValid(second.createdValues[0]!)).toBe(false);
    expect(await recordOf(family)).toBeUndefined();
    expect(unheldWarnings(settling.report!.warnings)).toEqual([]);

    const runs = [first, second, third, settling];
    const said = JSON.stringify(runs.map((r) => [r.logs, r.report]));
    for (const value of runs.flatMap((r) => r.createdValues)) expect(said).not.toContain(value);
  });

  it('the key named in revokeKeyIds, as the warning also says, is revoked, and no later run names it', async () => {
    const { second } = await oldFamilyLeftNamingRetiredTarget();
    const kept = second.report!.keyId!;
    const named = await runRotation(world, {
      record,
      targets: [DOCS],
      retireTargets: [ENV],
      apiKey: world.github.secretValue(DOCS, SECRET),
      revokeKeyIds: [kept],
    });
    expect(named.error?.message).toBeUndefined();
    expect(named.report!.revokedKeyIds).toContain(kept);
    expect(world.platform.isKeyValid(second.createdValues[0]!)).toBe(false);
    const after = await runRotation(world, { record, targets: [DOCS], apiKey: world.github.secretValue(DOCS, SECRET), revokeKeyIds: [] });
    expect(after.error?.message).toBeUndefined();
    expect(unheldWarnings(after.report!.warnings)).toEqual([]);
  });
});

// The preflight's share of the target record: read every record, choose the family, refuse what
// must not go on (an unreadable or newer record in the way, a managing key the run may revoke, a
// record over its budget), check the retired targets and where a renamed secret still exists
// (renamed-secrets.ts), and plan (record/record-plan.ts). Nothing is changed here; the words for
// what the plan found are said once, here and in the modules it calls (unreadable-records.ts,
// dropped-target-notices.ts, other-family-log.ts, renamed-secret-notices.ts).

import { mutant } from '../internal/mutants.js';
import { familyMembers } from '../family-members.js';
import { keyKindLabel } from '../key-kind/key-kind.js';
import { option } from '../option-names.js';
import { describeError, type PlatformKey } from '../platform.js';
import { beforeWriting } from '../record/target-record.js';
import { keyFingerprint } from '../record/fingerprint.js';
import { RECORD_BUDGET_BYTES, recordBytes, variableOf, variablesNeeded } from '../record/github-variables.js';
import { REPOSITORY_VARIABLE_LIMIT } from '../record/parts.js';
import type { NoticeAction } from '../notices/notice.js';
import { blockingRecords, namedKeyIds, planRecord, type RecordPlan } from '../record/record-plan.js';
import { emptyRecord, type LoadedRecords, type TargetRecord, type UnreadableRecord } from '../record/target-record.js';
import { legacyVariableName, recordVariableName } from '../record/variable-names.js';
import { identityOf } from '../targets/secret-target.js';
import type { RotationContext } from './context.js';
import { planLeak } from '../emergency/leak-preflight.js';
import { chooseFamily, SeveralFamiliesError } from './family-choice.js';
import { warnOtherUnheld } from './other-family-unheld.js';
import { checkOtherSecrets } from './renamed-secrets.js';
import { checkRetired } from './retired-targets.js';
import { platformFailure, recordFailure } from './failures.js';
import type { selectRevocations } from './revocation-plan.js';
import { probe } from '../internal/probes.js';
import { sayOtherSecret } from './renamed-secret-notices.js';
import { logOtherFamily } from './other-family-log.js';
import { warnDropped, warnOtherDropped } from './dropped-target-notices.js';
import { refuseNewer, refuseUnparsable, warnUnreadable, skipMisplaced } from './unreadable-records.js';

export function noRecordPlan(): RecordPlan {
  return {
    record: emptyRecord('', '', undefined),
    known: false,
    replacing: [],
    dropped: [],
    otherDropped: [],
    retired: [],
    previousIds: [],
    previousOf: {},
    writtenBackIds: [],
    protectedIds: new Set(),
    otherFamilies: [],
    otherUnheld: [],
    newestListed: 0,
  };
}

/** Reads the records, chooses the family (sets ctx.family) and plans the record (ctx.record). */
export async function readRecord(ctx: RotationContext, keys: PlatformKey[]): Promise<void> {
  const store = ctx.recordStore;
  let loaded: LoadedRecords = { records: [], unreadable: [] };
  if (store) {
    ctx.log('preflight', `Reading the target record from ${store.describe()}`);
    try {
      // The clock check (clock-check.ts) may have read them already in this run: read once.
      const failed = ctx.preloadFailure;
      ctx.preloadFailure = undefined;
      if (failed) throw failed.error;
      loaded = ctx.preloadedRecords ?? (await store.load());
      ctx.preloadedRecords = undefined;
      ctx.recordsRead = JSON.stringify(loaded);
    } catch (error) {
      ctx.fail(readFailure(error));
    }
  }
  const keyKind = keyKindLabel(ctx.keyScope.keyKind);
  identifyFamilies(loaded.unreadable, keys, keyKind);
  let choice: ReturnType<typeof chooseFamily>;
  try {
    choice = chooseFamily(ctx, loaded.records, keys, keyKind);
  } catch (error) {
    const actions = error instanceof SeveralFamiliesError ? [{ do: 'choose-family' as const, families: error.families }] : [];
    return ctx.fail({
      code: 'record-failed',
      step: 'preflight',
      summary: `The key family cannot be chosen: ${describeError(error)}`,
      advice: 'Nothing was changed.',
      actions,
      cause: error,
    });
  }
  ctx.family = choice.family;
  ctx.report.family = choice.family;
  ctx.log('preflight', `Key family ${choice.family} (${choice.why})`);

  let blocking = blockingRecords(loaded.unreadable, choice.family, keyKind, choice.derived);
  // A derived family is a guess; an unreadable record whose family its live keys tell is the family's own.
  // A misplaced record (copied by hand under another name) tells nothing of these targets' family.
  const lost = choice.derived ? blocking.find((u) => !u.misplaced && u.family !== undefined && u.family !== choice.family) : undefined;
  if (lost?.family) {
    choice = {
      ...choice,
      family: lost.family,
      record: undefined,
      why: `the family of the unreadable record ${lost.name}, told by its live keys`,
    };
    ctx.family = choice.family;
    ctx.report.family = choice.family;
    ctx.log('preflight', `Key family ${choice.family} (${choice.why})`);
    blocking = blockingRecords(loaded.unreadable, choice.family, keyKind, false);
  }
  const misplaced = loaded.unreadable.filter((u) => !blocking.includes(u) && u.misplaced);
  for (const other of loaded.unreadable.filter((u) => !blocking.includes(u) && !u.misplaced)) warnUnreadable(ctx, other);
  const newer = blocking.find((u) => u.problem === 'newer');
  if (newer) refuseNewer(ctx, newer);
  if (blocking.length && !ctx.rebuildRecord) refuseUnparsable(ctx, blocking[0]!, choice.family);
  if (ctx.rebuildRecord && !blocking.length) {
    ctx.notice('preflight', { code: 'rebuild-record-unneeded', family: choice.family, actions: [{ do: 'remove-rebuild-record' }] });
  }

  const sameSecret = loaded.records.filter((r) => r.secretName.toUpperCase() === ctx.secretName.toUpperCase());
  const otherSecrets = ctx.recordStore ? await checkOtherSecrets(ctx, loaded.records, keyKind) : [];
  const retired = await checkRetired(ctx, [...sameSecret, ...(choice.record ? [choice.record] : []), ...otherSecrets.map((c) => c.record)]);
  const targets = ctx.targets.map((t) => ({ identity: identityOf(t), spec: t.describe() }));
  const plan = planRecord({
    family: choice.family,
    record: choice.record,
    records: loaded.records,
    keyKind,
    secretName: ctx.secretName,
    targets,
    retired,
    keys,
    rebuild: blocking.length && ctx.rebuildRecord ? blocking : undefined,
    otherSecrets,
    currentFingerprint: ctx.currentKey ? keyFingerprint(ctx.currentKey) : undefined,
  });
  ctx.record = plan;
  for (const record of misplaced) skipMisplaced(ctx, plan, record);
  await refuseManagingKeyOfFamily(ctx, plan, keys, loaded.records);
  planLeak(ctx, choice.record, loaded.records, keys);
  if (store) refuseOverBudget(ctx, plan, targets);

  if (plan.replacing.length) {
    const keyIds = plan.record.rebuilt;
    const actions: NoticeAction[] = [
      ...(keyIds.length ? [{ do: 'name-in-revoke-key-ids' as const, keyIds }] : []),
      { do: 'remove-rebuild-record' },
    ];
    probe('record-rebuilt');
    ctx.notice('preflight', { code: 'record-rebuilt', family: choice.family, replaced: plan.replacing, keyIds, actions });
  } else if (plan.record.rebuilt.length) {
    const keyIds = plan.record.rebuilt;
    ctx.notice('preflight', {
      code: 'rebuilt-keys-kept',
      family: choice.family,
      keyIds,
      actions: [{ do: 'name-in-revoke-key-ids', keyIds }],
    });
  }
  for (const target of plan.dropped) warnDropped(ctx, target, keys);
  for (const target of plan.otherDropped) warnOtherDropped(ctx, target, keys);
  for (const unheld of plan.otherUnheld) warnOtherUnheld(ctx, unheld, keys);
  for (const other of plan.otherFamilies) {
    if (other.otherSecret) probe('renamed-secret-family');
    if (other.otherSecret) sayOtherSecret(ctx, other, keys);
    else logOtherFamily(ctx, other);
  }
  if (store && !choice.record && !plan.replacing.length)
    ctx.log('preflight', `No target record of family ${choice.family} yet: this run starts it`);
  if (!store) ctx.log('preflight', 'No target record is kept (no repository for it): a target dropped from the list is not recognised');
}

/**
 * The family of an unreadable record, when one of the listed keys' families is named by its
 * variable (the name is a hash of the exact family and kind, so a match is that family).
 */
function identifyFamilies(unreadable: UnreadableRecord[], keys: readonly PlatformKey[], keyKind: string): void {
  const families = new Set(keys.map((k) => /^(.+)-\d{8}T\d{6}Z-[a-z0-9]+$/.exec(k.name)?.[1]).filter((f): f is string => f !== undefined));
  for (const record of unreadable) {
    if (record.family !== undefined) continue;
    for (const family of families) {
      if (recordVariableName(family, keyKind) === record.name || legacyVariableName(family) === record.name) record.family = family;
    }
  }
}

/** Whether the records read now differ from what readRecord read (under the lease: another run wrote them). */
export async function recordsChanged(ctx: RotationContext): Promise<boolean> {
  const store = ctx.recordStore;
  if (!store) return false;
  try {
    return JSON.stringify(await store.load()) !== ctx.recordsRead;
  } catch (error) {
    return ctx.fail(readFailure(error));
  }
}

const readFailure = (error: unknown) => recordFailure('preflight', 'The target record could not be read: ', error, 'Nothing was changed.');

/** What the target record tells the revocation plan (revocation-plan.ts). */
export function recordFacts(
  ctx: RotationContext,
): Pick<
  Parameters<typeof selectRevocations>[0],
  'protectedIds' | 'rebuiltIds' | 'previousIds' | 'historyIds' | 'recorded' | 'leakedIds' | 'authenticatingIds'
> {
  const plan = ctx.record;
  return {
    protectedIds: plan.protectedIds,
    rebuiltIds: new Set(plan.record.rebuilt),
    previousIds: plan.previousIds,
    historyIds: plan.record.held,
    recorded: plan.known,
    leakedIds: new Set(ctx.leak?.keyIds ?? []),
    authenticatingIds: ctx.authenticatingIds,
  };
}

/**
 * The managing key must be no key this run may revoke: a key of the family, or of another family
 * the run settles, by the revocation plan's own membership (its name, or its record naming it).
 * Known by the fingerprints the records keep: a key they know is excluded from every revocation
 * (ctx.authenticatingIds), and refused when the run would pick it. Unknown to them, an organization
 * key (GET /auth with the managing key says `api_key_org`) may be any key of the organization's
 * listing: refused when the run would revoke a key no record knows (the platform does not say
 * which key made a request).
 */
async function refuseManagingKeyOfFamily(
  ctx: RotationContext,
  plan: RecordPlan,
  keys: readonly PlatformKey[],
  records: readonly TargetRecord[],
): Promise<void> {
  const fingerprint = ctx.managingKeyFingerprint;
  if (!fingerprint) return;
  const settled = plan.otherFamilies.filter((o) => o.empty && o.sameKind).map((o) => o.record);
  // What the revocation plan may pick, family by family (revocation-plan.ts).
  const revocable = [
    { family: ctx.family, keys: familyMembers(keys, ctx.family) },
    ...settled.map((record) => {
      const named = new Set(namedKeyIds(record));
      return { family: record.family, keys: keys.filter((k) => named.has(k.id) || familyMembers([k], record.family).length > 0) };
    }),
  ];
  const fingerprinted = new Map<number, string>();
  for (const record of [plan.record, ...records])
    for (const [id, fp] of Object.entries(record.fingerprints)) fingerprinted.set(Number(id), fp);
  const known = [...fingerprinted].find(([, fp]) => fp === fingerprint)?.[0];
  if (known !== undefined) {
    ctx.authenticatingIds.add(known);
    for (const { family, keys: theirs } of revocable) {
      const key = theirs.find((k) => k.id === known);
      if (!key) continue;
      probe('managing-key-refused');
      ctx.fail({
        code: 'invalid-options',
        step: 'preflight',
        summary:
          `The key in ${option('managingApiKey')} is key ${key.id} (${key.name}) of family ${family}, whose keys this rotation ` +
          `revokes: it would revoke the key it manages with`,
        advice:
          `Manage with a key outside the family: the personal key of an organization admin (or member, for a project-scoped key), ` +
          `kept in its own secret and rotated by its own workflow, or an organization key of another family. Nothing was changed.`,
      });
    }
  }
  // The current key is never the managing key's twin: the same value twice proves nothing.
  if (ctx.currentKey && keyFingerprint(ctx.currentKey) === fingerprint) {
    ctx.fail({
      code: 'invalid-options',
      step: 'preflight',
      summary: `The key in ${option('managingApiKey')} is the key being rotated (${option('platform.apiKey')})`,
      advice:
        'Manage with another key: the personal key of an organization admin (or member, for a project-scoped key), kept in its ' +
        'own secret. Nothing was changed.',
    });
  }
  // Only an organization's own keys share a listing with an organization key (a project-scoped key manages none).
  if (known !== undefined || ctx.keyScope.keyKind.kind !== 'organization' || mutant('sibling-by-record-only')) return;
  const unknown = revocable
    .map(({ family, keys: theirs }) => ({ family, keys: theirs.filter((k) => !fingerprinted.has(k.id)) }))
    .filter((f) => f.keys.length);
  if (!unknown.length) return;
  let word: { auth_method: string } | undefined;
  try {
    word = await ctx.forward.managingAuthDetails?.();
  } catch (error) {
    ctx.fail(
      platformFailure(ctx, 'preflight', `Asking the platform who the key in ${option('managingApiKey')} is (GET /auth) failed: `, error),
    );
  }
  if (word?.auth_method !== 'api_key_org') return;
  const named = unknown
    .map(({ family, keys: theirs }) => `${theirs.map((k) => `${k.id} (${k.name})`).join(', ')} of family ${family}`)
    .join('; ');
  probe('managing-key-refused');
  ctx.fail({
    code: 'invalid-options',
    step: 'preflight',
    summary:
      `The key in ${option('managingApiKey')} is an organization key (GET /auth says api_key_org) that no target record knows, ` +
      `and this rotation revokes keys no record knows: ${named}. The platform does not say which key made a request: the managing ` +
      `key may be one of them, and the run would revoke the key it manages with`,
    advice:
      `Manage with the personal key of an organization admin (api_key_user: never in the organization's listing), kept in its own ` +
      `secret and rotated by its own workflow. An organization key named like the family (made by hand, or by an earlier release) ` +
      `must not manage it. Nothing was changed.`,
  });
}

/** The record as it will be written before the first secret write must fit its budget and the repository. */
function refuseOverBudget(ctx: RotationContext, plan: RecordPlan, targets: ReadonlyArray<{ identity: string; spec: string }>): void {
  const store = ctx.recordStore;
  // The largest the record gets in this run: every target named with a new key, whose id is the largest an id can be.
  const fullest = beforeWriting(
    { ...plan.record },
    targets,
    { id: Number.MAX_SAFE_INTEGER, fingerprint: '0'.repeat(16) },
    plan.writtenBackIds,
  );
  const bytes = recordBytes(fullest);
  if (bytes > RECORD_BUDGET_BYTES) {
    ctx.fail({
      code: 'record-failed',
      step: 'preflight',
      summary:
        `The target record of family ${plan.record.family} would take ${bytes} bytes, more than its budget ` +
        `of ${RECORD_BUDGET_BYTES} (${Object.keys(fullest.targets).length} targets)`,
      advice:
        `Retire the targets no longer rotated (${option('retireTargets')}), or rotate the targets as several families ` +
        `(${option('family')}, one per group of targets). Nothing was changed.`,
    });
  }
  const counted = store as { variableCount?: () => number } | undefined;
  if (!counted?.variableCount) return;
  const needed = variablesNeeded(fullest);
  const held = counted.variableCount();
  // New variables: the record's, unless it exists (a rewrite uses the other slot: up to `needed - 1` parts more).
  const exists = plan.known && !plan.replacing.length && plan.record.keyKind !== undefined;
  // And the lease, a variable of its own while the run writes.
  const leased = !ctx.dryRun && ctx.lease !== false && store?.lease !== undefined ? 1 : 0;
  const added = (exists ? needed - 1 : needed) + leased;
  if (held + added > REPOSITORY_VARIABLE_LIMIT) {
    const variable = variableOf({ ...plan.record, keyKind: plan.record.keyKind ?? keyKindLabel(ctx.keyScope.keyKind) });
    ctx.fail({
      code: 'record-failed',
      step: 'preflight',
      summary:
        `The target record of family ${plan.record.family} needs ${added} more variable(s) ` +
        `(${variable}${leased ? ', and its lease' : ''}), ` +
        `and ${ctx.recordStore!.describe()} hold ${held} of the ${REPOSITORY_VARIABLE_LIMIT} GitHub allows a repository`,
      advice:
        'Delete variables of that repository that no workflow uses (Settings > Secrets and variables > Actions > Variables), or ' +
        'keep the record in another repository, then run again. Nothing was changed.',
    });
  }
}

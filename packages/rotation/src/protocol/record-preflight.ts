// The preflight's share of the target record: read every record, choose the family, refuse what
// must not go on (an unreadable or newer record in the way, a managing key the run may revoke, a
// record over its budget), check the retired targets and where a renamed secret still exists
// (renamed-secrets.ts), and plan (record/record-plan.ts). Nothing is changed here; the words for
// what the plan found are said here, once.

import { mutant } from '../internal/mutants.js';
import { familyMembers } from '../family-members.js';
import type { KeyKind } from '../key-kind/key-kind.js';
import { option } from '../option-names.js';
import { platformFailureCode } from '../errors.js';
import { describeError, type PlatformKey, platformAdvice } from '../platform.js';
import { beforeWriting } from '../record/target-record.js';
import { keyFingerprint } from '../record/fingerprint.js';
import { RECORD_FORMAT } from '../record/format.js';
import { RECORD_BUDGET_BYTES, RecordError, recordBytes, variableOf, variablesNeeded } from '../record/github-variables.js';
import { REPOSITORY_VARIABLE_LIMIT } from '../record/parts.js';
import type { NoticeAction } from '../notices/notice.js';
import { blockingRecords, type DroppedTarget, namedKeyIds, type OtherFamily, planRecord, type RecordPlan } from '../record/record-plan.js';
import { emptyRecord, type LoadedRecords, type TargetRecord, type UnreadableRecord } from '../record/target-record.js';
import { legacyVariableName, recordVariableName } from '../record/variable-names.js';
import { identityOf } from '../targets/secret-target.js';
import type { RotationContext } from './context.js';
import { planLeak } from '../emergency/leak-preflight.js';
import { chooseFamily, SeveralFamiliesError } from './family-choice.js';
import { warnOtherUnheld } from './other-family-unheld.js';
import { checkOtherSecrets } from './renamed-secrets.js';
import { checkRetired } from './retired-targets.js';
import type { selectRevocations } from './revocation-plan.js';
import { countNoun } from '@keyturn/api/toolkit';
import { probe } from '../internal/probes.js';

/** How a record names its kind of key: `personal`, `organization:ORG`, `project:ORG/PROJECT`. */
export function keyKindLabel(keyKind: KeyKind): string {
  if (keyKind.kind === 'personal') return 'personal';
  return keyKind.kind === 'organization' ? `organization:${keyKind.orgId}` : `project:${keyKind.orgId}/${keyKind.projectId}`;
}

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
      const advice = error instanceof RecordError ? error.advice : 'Run again once the cause above is fixed.';
      ctx.fail({
        code: 'record-failed',
        step: 'preflight',
        summary: `The target record could not be read: ${describeError(error)}`,
        advice: `${advice} Nothing was changed.`,
        cause: error,
      });
    }
  }
  const keyKind = keyKindLabel(ctx.keyScope.keyKind);
  identifyFamilies(loaded.unreadable, keys, keyKind);
  let choice: ReturnType<typeof chooseFamily>;
  try {
    choice = chooseFamily({
      pinned: ctx.pinnedFamily,
      records: loaded.records,
      targets: ctx.targets,
      secretName: ctx.secretName,
      keys,
      keyKind,
    });
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
    const advice = error instanceof RecordError ? error.advice : 'Run again once the cause above is fixed.';
    return ctx.fail({
      code: 'record-failed',
      step: 'preflight',
      summary: `The target record could not be read: ${describeError(error)}`,
      advice: `${advice} Nothing was changed.`,
      cause: error,
    });
  }
}

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

function refuseNewer(ctx: RotationContext, record: UnreadableRecord): never {
  probe('record-newer-refused');
  return ctx.fail({
    code: 'record-failed',
    step: 'preflight',
    summary: `The target record in ${record.name}${record.family ? ` (family ${record.family})` : ''} was written by a newer keyturn: its format is ${record.format}, and this release reads formats up to ${RECORD_FORMAT}`,
    advice: `Upgrade the pinned keyturn release (the rotate-key version in uses:, or @keyturn/rotation) to the one that wrote it or later, in every workflow that rotates ${ctx.secretName}. An older release would lose what the record says. Nothing was changed.`,
  });
}

function refuseUnparsable(ctx: RotationContext, record: UnreadableRecord, family: string): never {
  probe('record-unparsable-refused');
  ctx.unreadableRecord = { family, variable: record.name, detail: record.detail };
  return ctx.fail({
    code: 'record-failed',
    step: 'preflight',
    summary: `The target record in ${record.name}${record.family ? ` (family ${record.family})` : ''} cannot be read: ${record.detail}. It is never taken for an absent record: a target it names that the list no longer does could be locked out`,
    advice: `Restore the variable's earlier value if you have it, or run once with ${option('rebuildRecord')}: true: the record of family ${family} is then rebuilt from the listed targets, and every live key of the family stays valid until you name it in ${option('revokeKeyIds')}. Nothing was changed.`,
    actions: [{ do: 'rebuild-record' }],
  });
}

export function warnUnreadable(ctx: RotationContext, record: UnreadableRecord): void {
  const { name: variable, family, problem, format, detail } = record;
  ctx.notice('preflight', {
    code: 'unreadable-other-record',
    variable,
    ...(family !== undefined && { family }),
    problem,
    ...(format !== undefined && { format }),
    detail,
    actions: [{ do: 'fix-other-record', variable }],
  });
}

/**
 * A record under a variable not its own (copied by hand) is not this run's: it chose no family and
 * stops nothing. Settling its family is skipped: its record still forgets the targets this run
 * writes or retires, but none of its keys is revoked and the record is not deleted, since the copy
 * may name targets that hold them; a warning says what to do.
 */
function skipMisplaced(ctx: RotationContext, plan: RecordPlan, record: UnreadableRecord): void {
  const settling = plan.otherFamilies.filter((o) => o.record.family === record.family && o.empty);
  for (const other of settling) other.empty = false;
  ctx.notice('preflight', {
    code: 'misplaced-record',
    variable: record.name,
    family: record.family ?? '',
    detail: record.detail,
    settlingSkipped: settling.length > 0,
    actions: [{ do: 'fix-other-record', variable: record.name }],
  });
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
        summary: `The key in ${option('managingApiKey')} is key ${key.id} (${key.name}) of family ${family}, whose keys this rotation revokes: it would revoke the key it manages with`,
        advice: `Manage with a key outside the family: the personal key of an organization admin (or member, for a project-scoped key), kept in its own secret and rotated by its own workflow, or an organization key of another family. Nothing was changed.`,
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
        'Manage with another key: the personal key of an organization admin (or member, for a project-scoped key), kept in its own secret. Nothing was changed.',
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
    ctx.fail({
      code: platformFailureCode(error),
      step: 'preflight',
      summary: `Asking the platform who the key in ${option('managingApiKey')} is (GET /auth) failed: ${describeError(error)}`,
      advice: platformAdvice(error, ctx.secretName, true, ctx.keyScope),
      cause: error,
    });
  }
  if (word?.auth_method !== 'api_key_org') return;
  const named = unknown
    .map(({ family, keys: theirs }) => `${theirs.map((k) => `${k.id} (${k.name})`).join(', ')} of family ${family}`)
    .join('; ');
  probe('managing-key-refused');
  ctx.fail({
    code: 'invalid-options',
    step: 'preflight',
    summary: `The key in ${option('managingApiKey')} is an organization key (GET /auth says api_key_org) that no target record knows, and this rotation revokes keys no record knows: ${named}. The platform does not say which key made a request: the managing key may be one of them, and the run would revoke the key it manages with`,
    advice: `Manage with the personal key of an organization admin (api_key_user: never in the organization's listing), kept in its own secret and rotated by its own workflow. An organization key named like the family (made by hand, or by an earlier release) must not manage it. Nothing was changed.`,
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
      summary: `The target record of family ${plan.record.family} would take ${bytes} bytes, more than its budget of ${RECORD_BUDGET_BYTES} (${Object.keys(fullest.targets).length} targets)`,
      advice: `Retire the targets no longer rotated (${option('retireTargets')}), or rotate the targets as several families (${option('family')}, one per group of targets). Nothing was changed.`,
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
    ctx.fail({
      code: 'record-failed',
      step: 'preflight',
      summary: `The target record of family ${plan.record.family} needs ${added} more variable(s) (${variableOf({ ...plan.record, keyKind: plan.record.keyKind ?? keyKindLabel(ctx.keyScope.keyKind) })}${leased ? ', and its lease' : ''}), and ${ctx.recordStore!.describe()} hold ${held} of the ${REPOSITORY_VARIABLE_LIMIT} GitHub allows a repository`,
      advice:
        'Delete variables of that repository that no workflow uses (Settings > Secrets and variables > Actions > Variables), or keep the record in another repository, then run again. Nothing was changed.',
    });
  }
}

export function warnDropped(ctx: RotationContext, target: DroppedTarget, keys: readonly PlatformKey[]): void {
  probe('dropped-target-protected');
  const live = liveKeys(target.keyIds, keys);
  ctx.report.droppedTargets = [...(ctx.report.droppedTargets ?? []), target.spec];
  ctx.notice('preflight', {
    code: 'dropped-target',
    target: target.spec,
    secretName: ctx.secretName,
    ...live,
    actions: [{ do: 'retire-or-relist', targets: [target.spec] }],
  });
}

/**
 * A target another family's record of this secret names, no longer listed nor retired: its live keys
 * stay valid, so it is named as a dropped target is (README, Drop a target), never left silent.
 */
function warnOtherDropped(ctx: RotationContext, target: DroppedTarget & { family: string }, keys: readonly PlatformKey[]): void {
  const live = liveKeys(target.keyIds, keys);
  if (!live.keyIds.length) return;
  ctx.report.droppedTargets = [...new Set([...(ctx.report.droppedTargets ?? []), target.spec])];
  ctx.notice('preflight', {
    code: 'other-family-dropped-target',
    target: target.spec,
    family: target.family,
    secretName: ctx.secretName,
    ...live,
    actions: [{ do: 'retire-or-relist', targets: [target.spec] }],
  });
}

/** Of `ids`, the keys the listing shows live, with their names. */
function liveKeys(ids: readonly number[], keys: readonly PlatformKey[]): { keyIds: number[]; keyNames: string[] } {
  const live = ids.map((id) => keys.find((k) => k.id === id)).filter((k): k is PlatformKey => k !== undefined);
  return { keyIds: live.map((k) => k.id), keyNames: live.map((k) => k.name) };
}

function logOtherFamily(ctx: RotationContext, other: RecordPlan['otherFamilies'][number]): void {
  const { family } = other.record;
  const specs = (ids: readonly string[]) => ids.map((id) => other.record.targets[id]?.spec ?? id).join(', ');
  const what = [
    other.takenOver.length ? `names ${specs(other.takenOver)}, which this run writes with family ${ctx.family}` : '',
    other.retired.length ? `names the retired ${other.retired.length === 1 ? 'target' : 'targets'} ${other.retired.join(', ')}` : '',
  ].filter(Boolean);
  const then = !other.empty
    ? `it still names ${countNoun(Object.keys(other.record.targets).length, 'target')}, whose keys stay valid`
    : other.sameKind
      ? `no target is left to hold its keys: ${ctx.dryRun ? 'a run that is not a dry run revokes them' : 'they are revoked once every target holds the new key'}, then the record is deleted`
      : `no target is left to hold its keys, which are of another kind (${other.record.keyKind}) than this run can revoke`;
  ctx.log(
    'preflight',
    `The record of family ${family}${other.sameKind ? '' : ` (${other.record.keyKind} keys)`} ${what.join(' and ') || 'names no target'}; ${then}`,
  );
  if (other.empty && !other.sameKind) warnOtherKindUnheld(ctx, other.record);
}

/**
 * A family of another kind of key whose record names no target once this run is done: the run
 * cannot list its keys, so it names them for the console, each run until the variable goes.
 */
function warnOtherKindUnheld(ctx: RotationContext, record: TargetRecord): void {
  const keyIds = namedKeyIds(record);
  const variable = variableOf(record);
  ctx.notice('preflight', {
    code: 'other-kind-unheld',
    family: record.family,
    keyKind: record.keyKind ?? 'personal',
    runKeyKind: keyKindLabel(ctx.keyScope.keyKind),
    keyIds,
    variable,
    actions: [{ do: 'revoke-in-console', keyIds, variable }],
  });
}

/**
 * A record of another secret name naming listed targets (a renamed secret, or another secret kept
 * at the same targets): gone everywhere it names, its keys are revoked once every target holds the
 * new key. Where it still exists everywhere the run can tell, it is another secret its own workflow
 * rotates: nobody needs to hear of it here, and nothing is said (issue 35, item 2: families stay
 * apart). Gone somewhere but not everywhere (a rename half done), or unreadable where the run
 * looked, its live keys stay valid, named in a notice with what finishes the rename: that family's
 * keys only, never this run's own.
 */
function sayOtherSecret(ctx: RotationContext, other: OtherFamily, keys: readonly PlatformKey[]): void {
  const check = other.otherSecret!;
  const { family } = other.record;
  const old = check.record.secretName;
  const specs = (ids: readonly string[]) => ids.map((id) => check.record.targets[id]?.spec ?? id);
  if (other.empty) {
    const then = other.sameKind
      ? `${ctx.dryRun ? 'a run that is not a dry run revokes them' : 'they are revoked once every target holds the new key'}, then the record is deleted`
      : `they are of another kind (${other.record.keyKind}) than this run can revoke${check.gone.length ? ', and the record forgets those targets' : ''}`;
    ctx.log(
      'preflight',
      `The record of family ${family} names the secret ${old}${check.gone.length ? ` at ${specs(check.gone).join(', ')}, where it is gone` : ' at no target'}: no target holds its keys, ${then}`,
    );
    if (!other.sameKind) warnOtherKindUnheld(ctx, other.record);
    return;
  }
  const gone = check.goneElsewhere ?? [];
  const named = new Set(namedKeyIds(other.record));
  const own = new Set(familyMembers(keys, ctx.family).map((k) => k.id));
  // Keys of another kind are not in the listing: each the record names may be live.
  const live = (
    other.sameKind ? keys.filter((k) => named.has(k.id) || familyMembers([k], family).length > 0).map((k) => k.id) : [...named]
  ).filter((id) => !own.has(id));
  // A target whose read failed may be where the secret is gone: the run cannot tell, so it names the keys (seed 147452889).
  if (!gone.length && !check.unreadable?.length) return;
  if (!live.length) {
    const where = gone.length
      ? `is gone at ${specs(gone).join(', ')} but not everywhere its record names`
      : `could not be checked at ${specs(check.unreadable ?? []).join(', ')}`;
    ctx.log('preflight', `The secret ${old} of family ${family} ${where}; the family has no live key`);
    return;
  }
  // Keys held only where the secret is gone are revoked once every target holds the new key (revoke.ts), not named (seed 231690137).
  const staying = live.filter((id) => !other.goneOnly?.includes(id));
  if (staying.length) nameOtherSecretKeys(ctx, other, staying, gone);
}

/** The notice that a renamed secret's keys stay valid, with what finishes the rename. */
export function nameOtherSecretKeys(
  ctx: RotationContext,
  other: OtherFamily,
  keyIds: readonly number[],
  gone: readonly string[] = other.otherSecret?.goneElsewhere ?? [],
): void {
  const check = other.otherSecret!;
  const specs = (ids: readonly string[]) => ids.map((id) => check.record.targets[id]?.spec ?? id);
  const [present, unknown] = [specs(check.present), specs(check.unknown)];
  ctx.notice('preflight', {
    code: 'renamed-secret-keys-valid',
    family: other.record.family,
    keyIds: [...keyIds],
    otherSecret: check.record.secretName,
    secretName: ctx.secretName,
    gone: specs(gone),
    present,
    unknown,
    sameKind: other.sameKind,
    ...(other.record.keyKind !== undefined && { keyKind: other.record.keyKind }),
    variable: variableOf(other.record),
    actions: [{ do: 'delete-old-secret', secretName: check.record.secretName, targets: [...present, ...unknown] }],
  });
}

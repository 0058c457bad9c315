import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selectOtherFamilyRevocations } from '../protocol/revocation-plan.js';
import { keyFingerprint } from './fingerprint.js';
import { RECORD_FORMAT, readRecordText, writeRecordText } from './format.js';
import type { StuckMark } from '../stuck/stuck-mark.js';
import { RECORD_BUDGET_BYTES, variablesNeeded } from './github-variables.js';
import { joinRecordText, MAX_PARTS, PART_BYTES, REPOSITORY_VARIABLE_LIMIT, readSplitHead, splitRecordText } from './parts.js';
import { blockingRecords, otherSecretRecords, planRecord } from './record-plan.js';
import { beforeWriting, emptyRecord, namingTargets, pruned, type TargetRecord } from './target-record.js';
import { legacyVariableName, parsePartName, partVariableName, recordVariableName } from './variable-names.js';

const FAMILY = 'keyturn-repo-acme-app-neon-api-key-1a2b3c';
const key = (id: number, name = `${FAMILY}-20260101T000000Z-ab${id}`) => ({
  id,
  name,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
});

describe('the record format', () => {
  it('migrates format 1 (as 0.x wrote it) and writes it back as format 2', () => {
    const v1 = JSON.stringify({
      keyturn: 1,
      family: FAMILY,
      secret: 'NEON_API_KEY',
      targets: { 'repo:acme/app': { spec: 'repo:acme/app', keys: [12, 11] }, 'env:acme/app:qa': { spec: 'env:Acme/app:qa', keys: [12] } },
      held: [12, 9],
    });
    const read = readRecordText(v1);
    expect(read).toMatchObject({ kind: 'record', format: 1 });
    if (read.kind !== 'record') return;
    expect(read.record).toEqual({
      family: FAMILY,
      secretName: 'NEON_API_KEY',
      keyKind: undefined,
      targets: {
        'repo:acme/app': { spec: 'repo:acme/app', keyIds: [12, 11] },
        'env:acme/app:qa': { spec: 'env:Acme/app:qa', keyIds: [12] },
      },
      held: [12, 9],
      fingerprints: {},
      rebuilt: [],
    });
    // A spec that differs from its identity only in case is read back as the identity (the same target to GitHub).
    const again = readRecordText(writeRecordText({ ...read.record, keyKind: 'personal' }));
    const sameTargets = { ...read.record.targets, 'env:acme/app:qa': { spec: 'env:acme/app:qa', keyIds: [12] } };
    expect(again).toEqual({ kind: 'record', format: 2, record: { ...read.record, keyKind: 'personal', targets: sameTargets } });
  });

  it('refuses a newer format, naming it, and anything that is not a record', () => {
    expect(readRecordText(JSON.stringify({ keyturn: 5, family: FAMILY }))).toEqual({ kind: 'newer', format: 5, family: FAMILY });
    for (const text of [
      '{"keyturn":2,"family":"f","secret":"S","targets":[[',
      '',
      'null',
      '{"family":"f"}',
      '{"keyturn":2,"family":"f","secret":"S","targets":{}}',
      '{"keyturn":1,"family":"f","secret":"S","targets":{"a":{"keys":["x"]}}}',
    ]) {
      expect(readRecordText(text).kind, text).toBe('unparsable');
    }
  });

  it('keeps fingerprints, rebuilt keys and specs that differ from their identity', () => {
    const record: TargetRecord = {
      ...emptyRecord(FAMILY, 'NEON_API_KEY', 'project:org-a/p-1'),
      held: [5],
      fingerprints: { 5: keyFingerprint('v') },
      rebuilt: [4],
    };
    record.targets['org:acme'] = { spec: 'org:acme:selected:app,web', keyIds: [5, 4] };
    const read = readRecordText(writeRecordText(record));
    expect(read).toEqual({ kind: 'record', format: 2, record });
  });

  it('writes format 3 only with revocation deadlines, which format 2 ignores and format 3 reads', () => {
    const record: TargetRecord = {
      ...emptyRecord(FAMILY, 'NEON_API_KEY', 'personal'),
      held: [8, 7],
      due: { 7: '2026-11-29T10:00:00.000Z' },
    };
    record.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [8] };
    const text = writeRecordText(record);
    expect(JSON.parse(text)).toMatchObject({ keyturn: 3, due: { 7: '2026-11-29T10:00:00.000Z' } });
    expect(readRecordText(text)).toEqual({ kind: 'record', format: 3, record });
    // Without a deadline the record stays format 2, readable by the releases before deadlines.
    expect(JSON.parse(writeRecordText({ ...record, due: {} })).keyturn).toBe(2);
    expect(readRecordText(text.replace('"2026-11-29T10:00:00.000Z"', '"soon"'))).toEqual({
      kind: 'unparsable',
      detail: 'the revocation deadline of key 7 is not a time',
    });
  });

  it('writes format 4 only while a stuck mark is held; a streak and an acknowledgement stay format 2', () => {
    const stuck: StuckMark = {
      since: '2026-11-29T10:00:00.000Z',
      runUrl: 'https://github.com/acme/app/actions/runs/9',
      notice: { code: 'leaked-key-valid', family: FAMILY, keyIds: [7], actions: [{ do: 'acknowledge' }] },
    };
    const record: TargetRecord = {
      ...emptyRecord(FAMILY, 'NEON_API_KEY', 'personal'),
      held: [8],
      due: { 7: '2026-11-29T10:00:00.000Z' },
      stuck,
    };
    record.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [8] };
    const text = writeRecordText(record);
    expect(RECORD_FORMAT).toBe(4);
    expect(JSON.parse(text).keyturn).toBe(4);
    expect(readRecordText(text)).toEqual({ kind: 'record', format: 4, record });
    // The mark gone, the record is what it would be without it: a release of format 3 reads it again.
    const { stuck: _, ...cleared } = record;
    expect(JSON.parse(writeRecordText(cleared)).keyturn).toBe(3);
    const counted: TargetRecord = {
      ...cleared,
      due: {},
      failures: { code: 'target-failed', count: 2, since: stuck.since },
      recovered: { reason: 'leaked-key-valid', since: stuck.since },
    };
    expect(JSON.parse(writeRecordText(counted)).keyturn).toBe(2);
    expect(readRecordText(writeRecordText(counted))).toEqual({ kind: 'record', format: 2, record: { ...counted, due: undefined } });
    // A format-3 reader never sees a mark: format 4 is newer to it (its own rule), so a stuck family is never rotated by it.
    expect(readRecordText(text.replace('"keyturn":4', '"keyturn":5'))).toMatchObject({ kind: 'newer', format: 5 });
    expect(readRecordText(text.replace('"leaked-key-valid"', '"dropped-target"'))).toEqual({
      kind: 'unparsable',
      detail: '"stuck" names no reason',
    });
  });

  it('keeps the mark of a record written before a key is made, and refuses one that is no key id', () => {
    const record: TargetRecord = { ...emptyRecord(FAMILY, 'NEON_API_KEY', 'personal'), creatingAbove: 7 };
    record.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [7] };
    expect(readRecordText(writeRecordText(record))).toEqual({ kind: 'record', format: 2, record });
    const text = writeRecordText(record).replace('"creating":7', '"creating":"7"');
    expect(readRecordText(text)).toEqual({ kind: 'unparsable', detail: '"creating" is not a key id' });
  });
});

describe('a record written before a key is made', () => {
  const targets = [
    { identity: 'repo:acme/app', spec: 'repo:acme/app' },
    { identity: 'env:acme/app:qa', spec: 'env:acme/app:qa' },
  ];

  it('is marked with the newest listed id, and the write before the secrets clears the mark', () => {
    const record = { ...emptyRecord(FAMILY, 'NEON_API_KEY', 'personal'), held: [7] };
    record.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [7] };
    const named = namingTargets(record, targets, 9);
    expect(named.creatingAbove).toBe(9);
    expect(named.targets['env:acme/app:qa']).toEqual({ spec: 'env:acme/app:qa', keyIds: [] });
    const before = beforeWriting(named, targets, { id: 10, fingerprint: keyFingerprint('new') }, [7]);
    expect(before.creatingAbove).toBeUndefined();
  });

  it('landing after the run, names every live family key above the mark it does not know, for every target', () => {
    const stale = { ...emptyRecord(FAMILY, 'NEON_API_KEY', 'personal'), held: [7], creatingAbove: 9 };
    stale.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [7] };
    stale.targets['env:acme/app:qa'] = { spec: 'env:acme/app:qa', keyIds: [] };
    const plan = planRecord({
      family: FAMILY,
      record: stale,
      records: [stale],
      keyKind: 'personal',
      secretName: 'NEON_API_KEY',
      // The environment dropped: it may hold key 10, which the record put back does not name.
      targets: [targets[0]!],
      retired: [],
      keys: [key(7), key(8, 'console key'), key(10)],
      rebuild: undefined,
    });
    expect(plan.record.targets).toEqual({
      'repo:acme/app': { spec: 'repo:acme/app', keyIds: [10, 7] },
      'env:acme/app:qa': { spec: 'env:acme/app:qa', keyIds: [10] },
    });
    expect(plan.record.creatingAbove).toBeUndefined();
    expect(plan.previousIds).toEqual([10, 7]);
    expect([...plan.protectedIds]).toEqual([10]);
    expect(plan.newestListed).toBe(10);
    // Without the mark, a key the record never named is an orphan of a crashed run: nothing changes.
    const { creatingAbove: _, ...unmarked } = stale;
    const plain = planRecord({
      family: FAMILY,
      record: unmarked,
      records: [unmarked],
      keyKind: 'personal',
      secretName: 'NEON_API_KEY',
      targets: [targets[0]!],
      retired: [],
      keys: [key(7), key(10)],
      rebuild: undefined,
    });
    expect(plain.previousIds).toEqual([7]);
    expect([...plain.protectedIds]).toEqual([]);
  });
});

describe("another family's keys that no target its record still names may hold", () => {
  const OTHER = 'keyturn-dependabot-acme-api-neon-ap-183553';
  const other = (id: number) => key(id, `${OTHER}-20260101T000000Z-cd${id}`);
  const listed = [{ identity: 'repo:acme/app', spec: 'repo:acme/app' }];
  const plan = (record: TargetRecord, keys: ReturnType<typeof key>[], retired: string[]) =>
    planRecord({
      family: FAMILY,
      record: undefined,
      records: [record],
      keyKind: 'personal',
      secretName: 'NEON_API_KEY',
      targets: listed,
      retired,
      keys,
      rebuild: undefined,
    });

  /** Put back by a late write: acme/api (retired since) with key 3 (revoked since), the environments with 4 and 3. */
  function stale(): TargetRecord {
    const record = { ...emptyRecord(OTHER, 'NEON_API_KEY', 'personal'), held: [3] };
    record.targets['dependabot:acme/api'] = { spec: 'dependabot:acme/api', keyIds: [3] };
    record.targets['env:acme/app:qa'] = { spec: 'env:acme/app:qa', keyIds: [4, 3] };
    return record;
  }

  it('are named with the targets left, once the targets that may hold them are retired', () => {
    const keys = [other(4), key(5)];
    expect(plan(stale(), keys, []).otherUnheld).toEqual([]);
    expect(plan(stale(), keys, ['env:acme/app:qa']).otherUnheld).toEqual([
      { family: OTHER, keyIds: [4], targets: ['dependabot:acme/api'] },
    ]);
    // Retired too, no target is left: the settlement revokes them, nothing to name here.
    expect(plan(stale(), keys, ['env:acme/app:qa', 'dependabot:acme/api']).otherUnheld).toEqual([]);
    expect(plan(stale(), keys, ['env:acme/app:qa', 'dependabot:acme/api']).otherFamilies[0]).toMatchObject({ empty: true, sameKind: true });
  });

  it("not a key above its creatingAbove mark: every target it names may hold that one, protected and named as a dropped target's", () => {
    const marked = { ...stale(), creatingAbove: 4 };
    const result = plan(marked, [other(4), key(5), other(6)], ['env:acme/app:qa']);
    expect(result.otherUnheld).toEqual([{ family: OTHER, keyIds: [4], targets: ['dependabot:acme/api'] }]);
    expect(result.otherDropped).toEqual([{ identity: 'dependabot:acme/api', spec: 'dependabot:acme/api', keyIds: [6, 3], family: OTHER }]);
    expect([...result.protectedIds]).toEqual([6, 3]);
  });
});

describe('the fingerprint', () => {
  it('is the first 16 hex characters of a domain-separated SHA-256', () => {
    const value = 'napi_example_value';
    expect(keyFingerprint(value)).toBe(createHash('sha256').update(`keyturn-key-fingerprint-v1\0${value}`).digest('hex').slice(0, 16));
    expect(keyFingerprint(value)).not.toBe(createHash('sha256').update(value).digest('hex').slice(0, 16));
  });
});

describe('the budget', () => {
  /** 1,000 repository targets with long names, each holding the new key and the previous one, 100 keys of history. */
  function bigRecord(targets: number, nameLength: number, spelled: (identity: string) => string = (identity) => identity): TargetRecord {
    const record = emptyRecord(FAMILY, 'NEON_API_KEY', 'personal');
    const ids = Array.from({ length: 100 }, (_, i) => 9_000_000 - i);
    record.held = ids;
    for (const id of ids) record.fingerprints[id] = keyFingerprint(String(id));
    const list = Array.from({ length: targets }, (_, i) => ({
      identity: `repo:acme-corporation/${`service-${i}-`.padEnd(nameLength, 'x')}`,
      spec: '',
    }));
    return beforeWriting(
      record,
      list.map((t) => ({ ...t, spec: spelled(t.identity) })),
      { id: 9_000_001, fingerprint: keyFingerprint('new') },
      [9_000_000],
    );
  }

  it('fits 1,000 repository targets with fingerprints and keep history in one variable with 15-character names, in two with 30', () => {
    expect(Buffer.byteLength(writeRecordText(bigRecord(1000, 15)))).toBeLessThan(PART_BYTES);
    const bytes = Buffer.byteLength(writeRecordText(bigRecord(1000, 30)));
    expect(bytes).toBeGreaterThan(PART_BYTES);
    expect(bytes).toBeLessThan(2 * PART_BYTES);
  });

  it("spreads 1,000 targets of GitHub's longest repository names (100 characters) over parts within the budget, each under 48 KB", () => {
    const record = bigRecord(1000, 100);
    const text = writeRecordText(record);
    expect(record.held).toHaveLength(100);
    expect(Object.keys(record.fingerprints)).toHaveLength(101);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(RECORD_BUDGET_BYTES);
    expect(variablesNeeded(record)).toBeLessThanOrEqual(1 + MAX_PARTS);
    expect(2 * MAX_PARTS + 1, 'a record being rewritten, at most').toBeLessThan(REPOSITORY_VARIABLE_LIMIT);
    const split = splitRecordText(text, { keyturn: 2, family: FAMILY, secret: 'NEON_API_KEY', kind: 'personal' }, 'B');
    expect(split.parts.length).toBeGreaterThan(1);
    expect(split.parts.length).toBeLessThanOrEqual(MAX_PARTS);
    for (const value of [split.head, ...split.parts]) expect(Buffer.byteLength(value)).toBeLessThanOrEqual(48 * 1024);
    const head = readSplitHead(split.head)!;
    expect(head.parts.slot).toBe('B');
    const joined = joinRecordText(head, split.parts);
    expect(joined).toEqual({ text });
    expect(joinRecordText(head, split.parts.slice(0, -1))).toEqual({
      detail: `part ${split.parts.length} of ${split.parts.length} is missing`,
    });
    expect(joinRecordText(head, [...split.parts.slice(0, -1), `${split.parts.at(-1)} `])).toHaveProperty('detail');
  });

  it('fits 1,000 targets spelled in mixed case, as GitHub shows names (the spec is the identity but for case)', () => {
    const record = bigRecord(1000, 100, (identity) =>
      identity.replace('acme-corporation', 'Acme-Corporation').toUpperCase().replace('REPO:', 'repo:'),
    );
    expect(Object.values(record.targets)[0]!.spec).not.toBe(Object.keys(record.targets)[0]);
    expect(Buffer.byteLength(writeRecordText(record))).toBeLessThanOrEqual(RECORD_BUDGET_BYTES);
    expect(variablesNeeded(record)).toBeLessThanOrEqual(1 + MAX_PARTS);
  });
});

describe('variable names', () => {
  it('are readable, tell kinds apart, and keep the format-1 name readable', () => {
    const name = recordVariableName(FAMILY, 'personal');
    expect(name).toMatch(/^KEYTURN_RECORD_KEYTURN_REPO_ACME_APP_NEON_API_KEY_1A2B3_[0-9A-F]{16}$/);
    expect(recordVariableName(FAMILY, 'project:org-a/p-1')).not.toBe(name);
    expect(legacyVariableName(FAMILY)).toMatch(/^KEYTURN_RECORD_[0-9A-F]{20}$/);
    expect(parsePartName(partVariableName(name, 'A', 3))).toEqual({ head: name, slot: 'A', index: 3 });
    expect(parsePartName(name)).toBeUndefined();
  });
});

describe('the record plan', () => {
  const targets = [{ identity: 'repo:acme/app', spec: 'repo:acme/app' }];
  const base = { family: FAMILY, secretName: 'NEON_API_KEY', keyKind: 'personal', targets, retired: [], rebuild: undefined };

  it("prunes ids the platform no longer lists, but never one newer than the listing (a concurrent rotation's)", () => {
    const record = {
      ...emptyRecord(FAMILY, 'NEON_API_KEY', 'personal'),
      held: [7, 3],
      fingerprints: { 7: keyFingerprint('a'), 3: keyFingerprint('b') },
    };
    record.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [9, 7, 3] };
    const next = pruned(record, new Set([7, 8]));
    expect(next.targets['repo:acme/app']!.keyIds).toEqual([9, 7]);
    expect(next.held).toEqual([7]);
    expect(Object.keys(next.fingerprints)).toEqual(['7']);
  });

  it('a rebuilt record protects every live key of the family and names it for the listed targets', () => {
    const keys = [key(3), key(4), key(5, 'someone-else-20260101T000000Z-aaaa')];
    const plan = planRecord({
      ...base,
      record: undefined,
      records: [],
      keys,
      rebuild: [{ name: 'KEYTURN_RECORD_X', problem: 'unparsable', detail: 'not JSON' }],
    });
    expect(plan.known).toBe(true);
    expect(plan.record.rebuilt).toEqual([4, 3]);
    expect(plan.previousIds).toEqual([4, 3]);
    expect(plan.replacing).toEqual(['KEYTURN_RECORD_X']);
  });

  it('a record of another kind naming the listed targets is taken over; left empty, its keys are named, never revoked by this kind', () => {
    const project = { ...emptyRecord(FAMILY, 'NEON_API_KEY', 'project:org-a/p-1'), fingerprints: { 21: keyFingerprint('p') } };
    project.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [21] };
    const plan = planRecord({ ...base, record: undefined, records: [project], keys: [key(30)] });
    expect(plan.otherFamilies).toEqual([expect.objectContaining({ takenOver: ['repo:acme/app'], sameKind: false, empty: true })]);
    const settled = selectOtherFamilyRevocations({
      others: [{ family: FAMILY, sameKind: false, empty: true, ids: [21] }],
      keys: [key(21), key(30)],
      family: FAMILY,
      heldIds: new Set([30]),
    });
    expect(settled).toEqual([
      { family: FAMILY, sameKind: false, revoke: [], unseen: [21], deferred: [], heldHere: [], rebuilt: [], staying: [] },
    ]);
  });

  it("a renamed prefix takes the targets over from the old family, whose unheld keys are revoked, never the run's own", () => {
    const old = { ...emptyRecord('old-family', 'NEON_API_KEY', 'personal') };
    old.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [11] };
    const plan = planRecord({ ...base, record: undefined, records: [old], keys: [key(11, 'old-family-20260101T000000Z-aaaa'), key(12)] });
    expect(plan.otherFamilies).toEqual([expect.objectContaining({ takenOver: ['repo:acme/app'], sameKind: true, empty: true })]);
    const keys = [key(11, 'old-family-20260101T000000Z-aaaa'), key(12), key(13, 'old-family-20260101T000000Z-bbbb')];
    const [settled] = selectOtherFamilyRevocations({
      others: [{ family: 'old-family', sameKind: true, empty: true, ids: [11, 12] }],
      keys,
      family: FAMILY,
      heldIds: new Set(),
      listedBefore: new Set([11, 12, 13]),
    });
    expect(settled!.revoke.map((k) => k.id)).toEqual([11, 13]);
    // A key of the family made during the run: the record stays for the next run.
    const [later] = selectOtherFamilyRevocations({
      others: [{ family: 'old-family', sameKind: true, empty: true, ids: [11] }],
      keys,
      family: FAMILY,
      heldIds: new Set(),
      listedBefore: new Set([11, 12]),
    });
    expect(later).toMatchObject({ revoke: [], deferred: [expect.objectContaining({ id: 13 })] });
  });

  it('keys a rebuilt record protects stay valid when another family settles it (seed 20266081)', () => {
    const keys = [key(11, 'old-family-20260101T000000Z-aaaa'), key(13, 'old-family-20260101T000000Z-bbbb')];
    const others = [{ family: 'old-family', sameKind: true, empty: true, ids: [11, 13], rebuilt: [11] }];
    const [settled] = selectOtherFamilyRevocations({ others, keys, family: FAMILY, heldIds: new Set() });
    // A target the lost record named may hold key 11: nothing of the family goes, the record stays.
    expect(settled).toMatchObject({ revoke: [], rebuilt: [expect.objectContaining({ id: 11 })] });
    // Key 13 stays with it, and is named too (seed 1873176435: it was left valid, named by no warning).
    expect(settled!.staying.map((k) => k.id)).toEqual([11, 13]);
    const [plain] = selectOtherFamilyRevocations({ others: [{ ...others[0]!, rebuilt: [] }], keys, family: FAMILY, heldIds: new Set() });
    expect(plain!.revoke.map((k) => k.id)).toEqual([11, 13]);
  });

  it("a renamed secret's record is settled once its secret is gone everywhere it names; until then it stays whole", () => {
    const old = { ...emptyRecord('old-family', 'OLD_KEY', 'personal') };
    old.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [11] };
    old.targets['repo:acme/docs'] = { spec: 'repo:acme/docs', keyIds: [11] };
    const run = { family: FAMILY, secretName: 'NEON_API_KEY', keyKind: 'personal' };
    expect(otherSecretRecords([old], run, ['repo:acme/app']).map((r) => r.family)).toEqual(['old-family']);
    // Of another kind too: the run names its keys for the console (seed 1701325900).
    expect(otherSecretRecords([old], { ...run, keyKind: 'project:o/p' }, ['repo:acme/app']).map((r) => r.family)).toEqual(['old-family']);
    expect(otherSecretRecords([old], { ...run, secretName: 'old_key' }, ['repo:acme/app'])).toEqual([]);
    // A family given by name keeps its record across a rename: not another family.
    expect(otherSecretRecords([old], { ...run, family: 'old-family' }, ['repo:acme/app'])).toEqual([]);
    expect(otherSecretRecords([old], run, ['repo:acme/web'])).toEqual([]);
    const keys = [key(11, 'old-family-20260101T000000Z-aaaa')];
    const half = planRecord({
      ...base,
      record: undefined,
      records: [old],
      keys,
      otherSecrets: [{ record: old, gone: ['repo:acme/app'], present: [], unknown: ['repo:acme/docs'] }],
    });
    expect(half.otherFamilies).toEqual([expect.objectContaining({ record: old, empty: false })]);
    // A new record: the listed target holds what the user copied from the old secret (kept, written back on a rollback).
    expect(half.previousIds).toEqual([11]);
    const gone = planRecord({
      ...base,
      record: undefined,
      records: [old],
      keys,
      otherSecrets: [{ record: old, gone: ['repo:acme/app', 'repo:acme/docs'], present: [], unknown: [] }],
    });
    expect(gone.otherFamilies).toEqual([expect.objectContaining({ empty: true, sameKind: true })]);
    expect(gone.otherFamilies[0]!.record.targets).toEqual({});
    // Of another kind: forgotten where gone all the same, its keys named (not in the listing), never revoked here.
    const project = planRecord({
      ...base,
      keyKind: 'project:o/p',
      record: undefined,
      records: [old],
      keys: [],
      otherSecrets: [{ record: old, gone: ['repo:acme/app', 'repo:acme/docs'], present: [], unknown: [] }],
    });
    expect(project.otherFamilies).toEqual([expect.objectContaining({ empty: true, sameKind: false })]);
    expect(project.otherFamilies[0]!.record.targets).toEqual({});
    expect(project.previousIds).toEqual([]);
  });

  it('the key the run started with, known by its fingerprint in any record, is named for the targets a rollback may write it back to (seed 2078542868)', () => {
    // The renamed secret's record knows the current key (11); the run's own record, started by a run that made no key, names none.
    const old = {
      ...emptyRecord('old-family', 'OLD_KEY', 'personal'),
      fingerprints: { 11: keyFingerprint('current'), 10: keyFingerprint('revoked') },
    };
    old.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [11] };
    const own = namingTargets(emptyRecord(FAMILY, 'NEON_API_KEY', 'personal'), targets, 11);
    const keys = [key(11, 'old-family-20260101T000000Z-aaaa')];
    const plan = planRecord({ ...base, record: own, records: [old, own], keys, currentFingerprint: keyFingerprint('current') });
    expect(plan.previousIds).toEqual([]);
    expect(plan.writtenBackIds).toEqual([11]);
    expect(
      beforeWriting(plan.record, targets, { id: 12, fingerprint: keyFingerprint('new') }, plan.writtenBackIds).targets['repo:acme/app']!
        .keyIds,
    ).toEqual([12, 11]);
    // A key the platform no longer lists, or a value no record knows: nothing more is named.
    expect(
      planRecord({ ...base, record: own, records: [old, own], keys, currentFingerprint: keyFingerprint('revoked') }).writtenBackIds,
    ).toEqual([]);
    expect(
      planRecord({ ...base, record: own, records: [old, own], keys, currentFingerprint: keyFingerprint('console') }).writtenBackIds,
    ).toEqual([]);
  });

  it("a family with a record of each kind is settled per record: the one of the run's kind revokes its keys (seed 1343661100)", () => {
    const keys = [key(5, 'old-family-20260101T000000Z-aaaa')];
    const others = [
      { family: 'old-family', sameKind: false, empty: true, ids: [3] },
      { family: 'old-family', sameKind: true, empty: true, ids: [5] },
    ];
    const settled = selectOtherFamilyRevocations({ others, keys, family: FAMILY, heldIds: new Set() });
    expect(settled.find((s) => s.family === 'old-family' && s.sameKind)!.revoke.map((k) => k.id)).toEqual([5]);
    expect(settled.find((s) => s.family === 'old-family' && !s.sameKind)).toMatchObject({ revoke: [], unseen: [3] });
  });

  it("another family's key a target of the run may still hold revokes nothing of that family", () => {
    const keys = [key(11, 'old-family-20260101T000000Z-aaaa'), key(12, 'old-family-20260101T000000Z-bbbb')];
    const others = [{ family: 'old-family', sameKind: true, empty: true, ids: [11, 12] }];
    const [held] = selectOtherFamilyRevocations({ others, keys, family: FAMILY, heldIds: new Set([11]) });
    expect(held).toMatchObject({ revoke: [], heldHere: [expect.objectContaining({ id: 11 })] });
    const [dropped] = selectOtherFamilyRevocations({ others, keys, family: FAMILY, heldIds: new Set(), protectedIds: new Set([12]) });
    expect(dropped).toMatchObject({ revoke: [], heldHere: [expect.objectContaining({ id: 12 })] });
    const [free] = selectOtherFamilyRevocations({ others, keys, family: FAMILY, heldIds: new Set() });
    expect(free!.revoke.map((k) => k.id)).toEqual([11, 12]);
  });

  it("a target dropped from the run's record and from another family's keeps the keys each names: protected, and the other's named", () => {
    const own = { ...emptyRecord(FAMILY, 'NEON_API_KEY', 'personal') };
    own.targets['repo:acme/app'] = { spec: 'repo:acme/app', keyIds: [12] };
    own.targets['repo:acme/docs'] = { spec: 'repo:acme/docs', keyIds: [12] };
    const other = { ...emptyRecord('old-family', 'NEON_API_KEY', 'personal') };
    other.targets['repo:acme/docs'] = { spec: 'repo:acme/docs', keyIds: [11, 12] };
    const keys = [key(11), key(12), key(13)];
    const plan = planRecord({ ...base, record: own, records: [own, other], keys });
    expect(plan.dropped).toEqual([{ identity: 'repo:acme/docs', spec: 'repo:acme/docs', keyIds: [12] }]);
    // Key 11, of the run's own family, was written back there by the other family's rollback: never revoked, and named.
    expect(plan.otherDropped).toEqual([{ identity: 'repo:acme/docs', spec: 'repo:acme/docs', keyIds: [11], family: 'old-family' }]);
    expect([...plan.protectedIds].sort()).toEqual([11, 12]);
    // The same keys in both records: named once.
    other.targets['repo:acme/docs'] = { spec: 'repo:acme/docs', keyIds: [12] };
    expect(planRecord({ ...base, record: own, records: [own, other], keys }).otherDropped).toEqual([]);
  });

  it('an unreadable record blocks its own family, and any family derived rather than read', () => {
    const own = { name: recordVariableName(FAMILY, 'personal'), problem: 'unparsable' as const, detail: 'not JSON' };
    const other = { name: 'KEYTURN_RECORD_OTHER_0123456789ABCDEF', problem: 'unparsable' as const, detail: 'not JSON' };
    expect(blockingRecords([own, other], FAMILY, 'personal', false)).toEqual([own]);
    expect(blockingRecords([other], FAMILY, 'personal', true)).toEqual([other]);
    expect(blockingRecords([{ ...other, name: legacyVariableName(FAMILY) }], FAMILY, 'personal', false)).toHaveLength(1);
  });
});

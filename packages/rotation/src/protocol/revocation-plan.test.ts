import { describe, expect, it } from 'vitest';
import { type KeyEntry, selectRevocations } from './revocation-plan.js';

// Used keys: each was used when made (a stored key was, by its verify step).
const key = (id: number, name: string, minute: number): KeyEntry => {
  const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  return { id, name, created_at: at, last_used_at: at };
};

const console1 = key(1, 'console key', 0);
const f2 = key(2, 'fam-20260101T000100Z-aaaa', 1);
const f3 = key(3, 'fam-20260101T000200Z-bbbb', 2);
const other = key(4, 'fam-x-20260101T000300Z-cccc', 3);
const f5 = key(5, 'fam-20260101T000400Z-dddd', 4);
const keys = [console1, f2, f3, other, f5];
const ids = (entries: KeyEntry[]) => entries.map((k) => k.id);

describe('selectRevocations', () => {
  it('keeps the newest `keep` members, the new key counting, and revokes the rest oldest first', () => {
    expect(ids(selectRevocations({ keys, family: 'fam', keep: 1, newKey: f5, revokeKeyIds: [] }).revoke)).toEqual([2, 3]);
    expect(ids(selectRevocations({ keys, family: 'fam', keep: 2, newKey: f5, revokeKeyIds: [] }).revoke)).toEqual([2]);
    expect(ids(selectRevocations({ keys, family: 'fam', keep: 5, newKey: f5, revokeKeyIds: [] }).revoke)).toEqual([]);
  });

  it('gives no keep slot to an older key when the key the targets held is kept for a running deployment', () => {
    // keep 2: the new key 5 and the key the targets held (3), which a deployment still uses; key 2 goes.
    const selection = selectRevocations({
      keys,
      family: 'fam',
      keep: 2,
      newKey: f5,
      revokeKeyIds: [],
      previousIds: [3],
      historyIds: [5, 3, 2],
      recorded: true,
      deployedIds: new Set([3]),
    });
    expect(ids(selection.revoke)).toEqual([2]);
  });

  it('gives no keep slot to an older key when the key the targets held is kept for a dropped target', () => {
    const selection = selectRevocations({
      keys,
      family: 'fam',
      keep: 2,
      newKey: f5,
      revokeKeyIds: [],
      previousIds: [3],
      historyIds: [5, 3, 2],
      recorded: true,
      protectedIds: new Set([3]),
    });
    expect(ids(selection.revoke)).toEqual([2]);
  });

  it('counts a key of the history kept for a dropped target in keep, giving its slot to no older key', () => {
    const f6 = key(6, 'fam-20260101T000500Z-eeee', 5);
    const all = [...keys, f6];
    const selection = selectRevocations({
      keys: all,
      family: 'fam',
      keep: 3,
      newKey: f6,
      revokeKeyIds: [],
      previousIds: [5],
      historyIds: [6, 5, 3, 2],
      recorded: true,
      protectedIds: new Set([5, 3]),
    });
    expect(ids(selection.revoke)).toEqual([2]);
  });

  it('plans for a key not created yet as the newest member', () => {
    const plan = selectRevocations({ keys, family: 'fam', keep: 1, revokeKeyIds: [] });
    expect(ids(plan.revoke)).toEqual([2, 3, 5]);
    expect(ids(selectRevocations({ keys, family: 'fam', keep: 2, revokeKeyIds: [] }).revoke)).toEqual([2, 3]);
  });

  it('never revokes the new key or a newer one, even when named', () => {
    const selection = selectRevocations({ keys, family: 'fam', keep: 1, newKey: f3, revokeKeyIds: [3, 5, 1, 99] });
    expect(ids(selection.revoke)).toEqual([1, 2]);
    expect(selection.skipped).toEqual([
      { id: 3, reason: 'created-by-this-run' },
      { id: 5, reason: 'newer-than-new-key' },
    ]);
    expect(selection.notLive).toEqual([99]);
  });

  it('does not count another family that shares a prefix', () => {
    expect(ids(selectRevocations({ keys, family: 'fam-x', keep: 1, newKey: other, revokeKeyIds: [] }).revoke)).toEqual([]);
  });

  it('breaks a created_at tie with the id', () => {
    const a = key(7, 'fam-20260101T000000Z-a', 9);
    const b = key(8, 'fam-20260101T000000Z-b', 9);
    expect(ids(selectRevocations({ keys: [b, a], family: 'fam', keep: 1, newKey: b, revokeKeyIds: [] }).revoke)).toEqual([7]);
    expect(ids(selectRevocations({ keys: [b, a], family: 'fam', keep: 1, newKey: a, revokeKeyIds: [] }).revoke)).toEqual([]);
  });

  const used = (k: KeyEntry): KeyEntry => ({ ...k, last_used_at: k.created_at });

  it('revokes never-used older members (orphans of a lost create) without letting them take a keep slot, whether last_used_at is null or absent', () => {
    const previous = used(key(3, 'fam-20260101T000200Z-bbbb', 2));
    const fresh = used(key(7, 'fam-20260101T000400Z-ffff', 4));
    const { last_used_at: _, ...neverUsed } = key(6, 'fam-20260101T000300Z-eeee', 3);
    for (const orphan of [{ ...neverUsed, last_used_at: null }, neverUsed]) {
      const all = [used(f2), previous, orphan, fresh];
      // Without a record: the orphan is the newest older member, a candidate for the key the targets hold.
      const guessed = { previousIds: [6, 3] };
      expect(ids(selectRevocations({ keys: all, family: 'fam', keep: 1, newKey: fresh, revokeKeyIds: [], ...guessed }).revoke)).toEqual([
        2, 3, 6,
      ]);
      // With a record naming the previous key: the orphan was stored nowhere, and goes whatever keep says.
      const recorded = { recorded: true, previousIds: [3], historyIds: [3, 2] };
      expect(ids(selectRevocations({ keys: all, family: 'fam', keep: 3, newKey: fresh, revokeKeyIds: [], ...recorded }).revoke)).toEqual([
        6,
      ]);
      expect(ids(selectRevocations({ keys: all, family: 'fam', keep: 2, newKey: fresh, revokeKeyIds: [], ...recorded }).revoke)).toEqual([
        2, 6,
      ]);
      // Without a record and no candidates: never used is an orphan, absent or null alike.
      expect(
        ids(selectRevocations({ keys: all, family: 'fam', keep: 3, newKey: fresh, revokeKeyIds: [], previousIds: [3] }).revoke),
      ).toEqual([6]);
    }
  });

  it('gives the new key and the keys the targets held the first keep slots, then the history', () => {
    // f3 is what the targets hold; f5 was made and verified by a crashed run, held by no target.
    const all = [used(f2), used(f3), used(f5)];
    const fresh = used(key(7, 'fam-20260101T000500Z-ffff', 5));
    const select = (keep: number, facts: object, newKey?: KeyEntry) =>
      ids(selectRevocations({ keys: newKey ? [...all, newKey] : all, family: 'fam', keep, newKey, revokeKeyIds: [], ...facts }).revoke);
    const recorded = { recorded: true, previousIds: [3], historyIds: [3, 2] };
    expect(select(2, recorded, fresh)).toEqual([2, 5]);
    expect(select(3, recorded, fresh)).toEqual([5]);
    expect(select(1, recorded, fresh)).toEqual([2, 3, 5]);
    // Planned before the new key exists.
    expect(select(2, recorded)).toEqual([2, 5]);
  });

  it('says so too when a previous key kept for a dropped target takes the one slot beside the new key (seed 600001205)', () => {
    const all = [used(f2), used(f3), used(f5)];
    const fresh = used(key(7, 'fam-20260101T000500Z-ffff', 5));
    const input = { keys: [...all, fresh], family: 'fam', keep: 2, newKey: fresh, revokeKeyIds: [], previousIds: [5, 3] };
    const selection = selectRevocations({ ...input, protectedIds: new Set([5]) });
    expect(ids(selection.revoke)).toEqual([2]);
    expect(ids(selection.keptBeyondKeep)).toEqual([3]);
  });

  it('keeps every key the targets may hold when it cannot tell which, past keep, and says so', () => {
    const all = [used(f2), used(f3), used(f5)];
    const fresh = used(key(7, 'fam-20260101T000500Z-ffff', 5));
    const selection = selectRevocations({
      keys: [...all, fresh],
      family: 'fam',
      keep: 2,
      newKey: fresh,
      revokeKeyIds: [],
      previousIds: [5, 3],
    });
    expect(ids(selection.revoke)).toEqual([2]);
    expect(ids(selection.keptBeyondKeep)).toEqual([5, 3]);
    // keep 1 keeps only the new key: every listed target holds it.
    expect(
      ids(
        selectRevocations({ keys: [...all, fresh], family: 'fam', keep: 1, newKey: fresh, revokeKeyIds: [], previousIds: [5, 3] }).revoke,
      ),
    ).toEqual([2, 3, 5]);
  });

  it('never revokes a key a dropped target may hold, even when named', () => {
    const selection = selectRevocations({ keys, family: 'fam', keep: 1, newKey: f5, revokeKeyIds: [2], protectedIds: new Set([2]) });
    expect(ids(selection.revoke)).toEqual([3]);
    expect(selection.skipped).toEqual([{ id: 2, reason: 'dropped-target-may-hold' }]);
  });

  it('takes a key the preflight listed for older than the new key, whatever the clocks say', () => {
    const stepBack = key(9, 'fam-20250101T000000Z-zzzz', -30);
    const selection = selectRevocations({
      keys: [...keys, { ...stepBack, created_at: '2025-12-31T23:00:00Z' }],
      family: 'fam',
      keep: 1,
      newKey: { ...stepBack, created_at: '2025-12-31T23:00:00Z' },
      revokeKeyIds: [],
      listedBefore: new Set([1, 2, 3, 4, 5]),
    });
    expect(ids(selection.revoke)).toEqual([2, 3, 5]);
  });

  it('never revokes a member that was not listed before the run: it belongs to a concurrent rotation', () => {
    const listedBefore = new Set([1, 2, 4]);
    const selection = selectRevocations({ keys, family: 'fam', keep: 1, newKey: f5, revokeKeyIds: [3], listedBefore });
    expect(ids(selection.revoke)).toEqual([2]);
    expect(ids(selection.appeared)).toEqual([3]);
    expect(selection.skipped).toEqual([{ id: 3, reason: 'appeared-during-run' }]);
  });

  it("gives a leaked key's slot to no other key: held or in the history, it is never kept and no older key takes its place (issue 31)", () => {
    // The targets held f3, which leaked and is gone; f2 is in the history: keep 2 keeps only the new key.
    const afterLeak = [console1, f2, f5];
    const held = {
      keys: afterLeak,
      family: 'fam',
      keep: 2,
      newKey: f5,
      revokeKeyIds: [],
      recorded: true,
      previousIds: [3],
      historyIds: [3, 2],
    };
    // Without the leak rule, f3's slot (it is gone) goes to f2, which no target holds.
    expect(ids(selectRevocations(held).revoke)).toEqual([]);
    expect(ids(selectRevocations({ ...held, leakedIds: new Set([3]) }).revoke)).toEqual([2]);
    // In the history (the targets held another key, gone too), its slot there is taken all the same.
    expect(ids(selectRevocations({ ...held, keep: 3, previousIds: [], historyIds: [3, 2] }).revoke)).toEqual([]);
    expect(ids(selectRevocations({ ...held, keep: 2, previousIds: [], historyIds: [3, 2], leakedIds: new Set([3]) }).revoke)).toEqual([2]);
    // Still listed (the preflight's plan), the leaked key is never kept.
    expect(
      ids(
        selectRevocations({
          keys,
          family: 'fam',
          keep: 2,
          newKey: f5,
          revokeKeyIds: [],
          recorded: true,
          previousIds: [3],
          historyIds: [3, 2],
          leakedIds: new Set([3]),
        }).revoke,
      ),
    ).toEqual([2, 3]);
  });

  it('never revokes a key the run authenticates with (the managing key), named or not', () => {
    const selection = selectRevocations({ keys, family: 'fam', keep: 1, newKey: f5, revokeKeyIds: [2], authenticatingIds: new Set([2]) });
    expect(ids(selection.revoke)).toEqual([3]);
    expect(selection.skipped).toEqual([{ id: 2, reason: 'authenticating-key' }]);
  });
});

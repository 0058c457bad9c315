import { describe, expect, it } from 'vitest';
import { type KeyEntry, selectRevocations } from './revocation-plan.js';

const key = (id: number, name: string, minute: number): KeyEntry => ({
  id,
  name,
  created_at: `2026-01-01T00:${String(minute).padStart(2, '0')}:00Z`,
});

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

  it('plans for a key not created yet as the newest member', () => {
    const plan = selectRevocations({ keys, family: 'fam', keep: 1, revokeKeyIds: [] });
    expect(ids(plan.revoke)).toEqual([2, 3, 5]);
    expect(ids(selectRevocations({ keys, family: 'fam', keep: 2, revokeKeyIds: [] }).revoke)).toEqual([2, 3]);
  });

  it('never revokes the new key or a newer one, even when named', () => {
    const selection = selectRevocations({ keys, family: 'fam', keep: 1, newKey: f3, revokeKeyIds: [3, 5, 1, 99] });
    expect(ids(selection.revoke)).toEqual([1, 2]);
    expect(selection.skipped).toEqual([
      { id: 3, reason: 'it is the key this run created' },
      { id: 5, reason: 'it is newer than the key this run created' },
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

  it('revokes never-used older members (orphans of a lost create) without letting them take a keep slot', () => {
    const used = (k: KeyEntry): KeyEntry => ({ ...k, last_used_at: k.created_at });
    const previous = used(key(3, 'fam-20260101T000200Z-bbbb', 2));
    const orphan: KeyEntry = { ...key(6, 'fam-20260101T000300Z-eeee', 3), last_used_at: null };
    const fresh = used(key(7, 'fam-20260101T000400Z-ffff', 4));
    const all = [used(f2), previous, orphan, fresh];
    expect(ids(selectRevocations({ keys: all, family: 'fam', keep: 2, newKey: fresh, revokeKeyIds: [] }).revoke)).toEqual([2, 6]);
    expect(ids(selectRevocations({ keys: all, family: 'fam', keep: 3, newKey: fresh, revokeKeyIds: [] }).revoke)).toEqual([6]);
    // Planned before the new key exists: the orphan is revoked, the previous key kept.
    expect(ids(selectRevocations({ keys: [used(f2), previous, orphan], family: 'fam', keep: 2, revokeKeyIds: [] }).revoke)).toEqual([2, 6]);
    // A key whose use is unknown (no last_used_at field) counts as used.
    expect(ids(selectRevocations({ keys: [f2, f3, f5], family: 'fam', keep: 2, newKey: f5, revokeKeyIds: [] }).revoke)).toEqual([2]);
  });

  it('gives the new key and the probable current key the first keep slots, then the newest others', () => {
    const used = (k: KeyEntry): KeyEntry => ({ ...k, last_used_at: k.created_at });
    // f3 is the current key; f5 was made and verified by a crashed run, held by no target.
    const all = [used(f2), used(f3), used(f5)];
    const fresh = used(key(7, 'fam-20260101T000500Z-ffff', 5));
    const select = (keep: number, currentKeyId?: number, newKey?: KeyEntry) =>
      ids(selectRevocations({ keys: newKey ? [...all, newKey] : all, family: 'fam', keep, newKey, revokeKeyIds: [], currentKeyId }).revoke);
    expect(select(2, 3, fresh)).toEqual([2, 5]);
    expect(select(3, 3, fresh)).toEqual([2]);
    expect(select(1, 3, fresh)).toEqual([2, 3, 5]);
    // Planned before the new key exists, and without knowing the current key (age alone).
    expect(select(2, 3)).toEqual([2, 5]);
    expect(select(2, undefined, fresh)).toEqual([2, 3]);
    // The console key is the current one: it is no member, and age decides.
    expect(select(2, console1.id, fresh)).toEqual([2, 3]);
  });

  it('never revokes a member that was not listed before the run: it belongs to a concurrent rotation', () => {
    const listedBefore = new Set([1, 2, 4]);
    const selection = selectRevocations({ keys, family: 'fam', keep: 1, newKey: f5, revokeKeyIds: [3], listedBefore });
    expect(ids(selection.revoke)).toEqual([2]);
    expect(ids(selection.appeared)).toEqual([3]);
    expect(selection.skipped).toEqual([{ id: 3, reason: 'it appeared during this run (a concurrent rotation made it)' }]);
  });
});


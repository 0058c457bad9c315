import { describe, expect, it } from 'vitest';
import { OperationStore } from './operations.js';
import { microsFromIso } from './timestamps.js';

const target = { action: 'apply_config', branchId: 'br-main' };
const plan = { schedulingMs: 10, runningMs: 10, final: 'finished' as const };

function storeAt(ms: number) {
  const clock = { now: ms };
  return { clock, store: new OperationStore(() => clock.now) };
}

describe('OperationStore.page', () => {
  it('excludes the item whose created_at is the cursor, and everything newer', () => {
    const { store } = storeAt(1_000_000);
    const [a, b, c] = store.start('p', [
      { ...target, plan },
      { ...target, plan },
      { ...target, plan },
    ]);
    const page = store.page('p', 10, microsFromIso(b!.created_at));
    expect(page.operations.map((o) => o.id)).toEqual([a!.id]);
    expect(store.page('p', 10).operations.map((o) => o.id)).toEqual([c!.id, b!.id, a!.id]);
  });

  it('answers the cursor it was given, or now, when there is nothing older', () => {
    const { store } = storeAt(2_000);
    expect(store.page('p', 5)).toEqual({ operations: [], cursorMicros: 2_000_000 });
    expect(store.page('p', 5, 123)).toEqual({ operations: [], cursorMicros: 123 });
  });
});

describe('OperationStore.seed', () => {
  it('puts history below the oldest operation and keeps created_at unique', () => {
    const { clock, store } = storeAt(5_000_000);
    store.start('p', [{ ...target, plan }]);
    store.seed('p', 3, { ...target, status: 'finished' });
    clock.now += 1;
    store.seed('p', 2, { ...target, status: 'failed' });
    const all = store.page('p', 100).operations;
    expect(all.map((o) => o.status)).toEqual(['scheduling', 'finished', 'finished', 'finished', 'failed', 'failed']);
    const stamps = all.map((o) => o.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(new Set(stamps).size).toBe(6);
    expect(store.count('p')).toBe(6);
  });

  it('finds seeded operations by id, only in their own project', () => {
    const { store } = storeAt(5_000_000);
    store.seed('p', 2, { ...target, status: 'finished' });
    const [first] = store.page('p', 1).operations;
    expect(store.get('p', first!.id)).toEqual(first);
    expect(store.get('q', first!.id)).toBeUndefined();
  });
});

describe('OperationStore.hasPending', () => {
  it('is true until every operation has reached a final status', () => {
    const { clock, store } = storeAt(0);
    store.seed('p', 5, { ...target, status: 'finished' });
    expect(store.hasPending('p')).toBe(false);
    store.start('p', [{ ...target, plan }]);
    expect(store.hasPending('p')).toBe(true);
    clock.now += 20;
    expect(store.hasPending('p')).toBe(false);
  });
});

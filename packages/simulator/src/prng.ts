// The one seeded generator of a history (mulberry32): every random choice of the simulator, the
// clients' jitter and the rotation's key-name suffixes come from it, so a seed replays exactly.

export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  /** A generator of its own, seeded from this one: a sub-history that does not shift the rest. */
  fork(): Rng;
  /** Where the generator stands: setState(state()) later draws the same numbers again (a copied rig, rig-copy.ts). */
  state(): number;
  setState(state: number): void;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(items.length)]!,
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    fork: () => createRng(Math.floor(next() * 2 ** 32)),
    state: () => state,
    setState: (to) => {
      state = to >>> 0;
    },
  };
}

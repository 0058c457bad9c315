// Mutants: known defects, each the fix undone behind a switch of @keyturn/rotation's own
// (src/internal/mutants.ts) that only these tests turn on. The simulator must find each one.

const SWITCHES = Symbol.for('keyturn.rotation.mutants');

export function applyMutants(names: readonly string[]): () => void {
  if (!names.length) return () => {};
  const g = globalThis as Record<symbol, Set<string> | undefined>;
  const previous = g[SWITCHES];
  g[SWITCHES] = new Set(names);
  return () => {
    g[SWITCHES] = previous;
  };
}

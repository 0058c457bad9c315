// The published packages' `engines.node` is the Node `pnpm release:check` installs them on
// (scripts/release/node-floor.mjs): the check fails a package that claims another floor.

import { describe, expect, it } from 'vitest';
import { ENGINES_NODE, NODE_FLOOR, wrongEngines } from '../../scripts/release/node-floor.mjs';
import { publicPackages } from '../../scripts/release/workspace-packages.mjs';

const manifest = (node?: string) => ({ dir: '.', manifest: { name: '@keyturn/x', ...(node ? { engines: { node } } : {}) } });

describe('node floor', () => {
  it('is what every public package of this repository claims', () => {
    expect(ENGINES_NODE).toBe(`>=${NODE_FLOOR}`);
    expect(publicPackages().length).toBeGreaterThan(0);
    expect(wrongEngines(publicPackages())).toEqual([]);
  });

  it('rejects a package that claims an older Node, or none', () => {
    expect(wrongEngines([manifest('>=20'), manifest(), manifest(ENGINES_NODE)])).toEqual([
      `@keyturn/x says engines.node ">=20", not "${ENGINES_NODE}"`,
      `@keyturn/x says engines.node undefined, not "${ENGINES_NODE}"`,
    ]);
  });
});

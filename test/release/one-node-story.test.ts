// One Node story (issue 35): the packages need Node 22.12 or later (scripts/release/node-floor.mjs),
// and so does working in a clone: the repository's own `engines` say the floor, every workspace
// package admits it (so `pnpm install` and `pnpm start` print no "Unsupported engine" line on it),
// and no document or example names an older Node.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimsNode, ENGINES_NODE, NODE_FLOOR } from '../../scripts/release/node-floor.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const inDir = (dir: string, file: string) => readdirSync(join(ROOT, dir)).map((name) => join(dir, name, file));
const exists = (path: string) => {
  try {
    read(path);
    return true;
  } catch {
    return false;
  }
};

/** Every document a user or contributor reads for what to install, and every example workflow. */
const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  'docs/any-ci.md',
  ...inDir('packages', 'README.md'),
  ...inDir('actions', 'README.md'),
].filter(exists);
const WORKFLOWS = [...readdirSync(join(ROOT, 'examples')).map((name) => `examples/${name}`), '.github/workflows/ci.yml'];

/** The oldest Node a `>=X.Y.Z` range admits, as X.Y.Z. */
const lowest = (range: string) =>
  /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/
    .exec(range.trim())
    ?.slice(1)
    .map((n) => n ?? '0')
    .join('.');

describe('one Node story: Node 22.12 or later, for the packages and the clone', () => {
  it("the repository's engines are the packages' floor, and every workspace package admits it", () => {
    expect(JSON.parse(read('package.json')).engines.node).toBe(ENGINES_NODE);
    const manifests = ['packages', 'actions', 'test']
      .flatMap((dir) => inDir(dir, 'package.json'))
      .concat(['bench/package.json', 'demo/package.json'])
      .filter(exists);
    const refusing = manifests.filter((path) => {
      const range = JSON.parse(read(path)).engines?.node as string | undefined;
      if (range === undefined) return false;
      const oldest = lowest(range);
      // Admits the floor: its lowest Node is the floor or older.
      return oldest === undefined || (oldest !== NODE_FLOOR && claimsNode(oldest));
    });
    expect(refusing).toEqual([]);
  });

  it('no document names an older Node as enough', () => {
    const claims = DOCUMENTS.flatMap((path) =>
      [...read(path).matchAll(/Node(?:\.js)? (?:(?:≥|>=) ?(\d+(?:\.\d+)*)|(\d+(?:\.\d+)*) or later)/g)].map((m) => ({
        path,
        version: (m[1] ?? m[2])!,
      })),
    );
    expect(claims.length).toBeGreaterThan(0);
    const full = (version: string) => [...version.split('.'), '0', '0'].slice(0, 3).join('.');
    expect(claims.filter(({ version }) => !claimsNode(full(version)))).toEqual([]);
  });

  it('every example workflow and CI set up a Node the packages claim', () => {
    const versions = WORKFLOWS.flatMap((path) =>
      [...read(path).matchAll(/node-version:\s*['"]?(\d+)(?:\.(\d+))?/g)].map((m) => ({ path, major: Number(m[1]), minor: m[2] })),
    );
    expect(versions.length).toBeGreaterThan(0);
    // A major alone (22) sets up its latest release, past 22.12.
    expect(versions.filter(({ major, minor }) => !claimsNode(`${major}.${minor ?? '99'}.0`))).toEqual([]);
  });
});

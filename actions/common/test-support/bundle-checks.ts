// Checks every Action's bundle gets: the build is reproducible (CI rebuilds and diffs the committed
// dist/), the committed dist/ is what the sources build now, it holds no machine-specific path or
// source map, and action.yml runs it on node24 (the root README, Self-hosted runners).

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAction } from '../build-action.mjs';
import { readActionMetadata } from '@keyturn/action-runner';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

export function describeBundle(
  actionDir: string,
  esbuild: Parameters<typeof buildAction>[0],
  expected: { inputs: Record<string, string | undefined>; required: string[]; outputs: string[] },
): void {
  describe('bundle and metadata', () => {
    it('builds the same bytes twice, and they are the committed dist/', async () => {
      const first = await buildAction(esbuild, actionDir, { write: false });
      const second = await buildAction(esbuild, actionDir, { write: false });
      expect(second).toEqual(first);
      for (const file of first) {
        // A stale dist/ fails CI too; here it says how to fix it.
        const committed = readFileSync(join(actionDir, file.path), 'utf8');
        expect(committed === file.text, `${file.path} is stale: run \`node build.mjs\` in ${actionDir}`).toBe(true);
      }
    }, 120_000);

    it('holds no absolute path, no source map, and the licences of what it bundles', () => {
      const bundle = readFileSync(join(actionDir, 'dist/index.js'), 'utf8');
      expect(bundle).not.toContain(REPO_ROOT);
      expect(bundle).not.toContain('sourceMappingURL');
      // An ESM bundle calling require() (through esbuild's __require) must define it first.
      const banner = "import { createRequire as __keyturnCreateRequire } from 'node:module';";
      expect(bundle.startsWith(banner)).toBe(bundle.includes('__require('));
      const licenses = readFileSync(join(actionDir, 'dist/licenses.txt'), 'utf8');
      expect(licenses).toContain('@actions/core@');
      expect(licenses).toContain('MIT License');
    });

    it('declares node24, dist/index.js, and exactly the documented inputs, defaults and outputs', () => {
      const metadata = readActionMetadata(join(actionDir, 'action.yml'));
      expect(metadata.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
      const defaults = Object.fromEntries(Object.entries(metadata.inputs).map(([name, input]) => [name, input.default]));
      expect(Object.keys(defaults)).toEqual(Object.keys(expected.inputs));
      expect(defaults).toStrictEqual(expected.inputs);
      const required = Object.keys(metadata.inputs).filter((name) => metadata.inputs[name]!.required);
      expect(required).toEqual(expected.required);
      expect(metadata.outputs).toEqual(expected.outputs);
    });
  });
}

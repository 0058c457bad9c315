import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectDependencyImports } from './dependency-imports.mjs';

describe('collectDependencyImports', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-imports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'src/inner'), { recursive: true });
  writeFileSync(
    join(dir, 'src/main.ts'),
    [
      "import * as core from '@actions/core';",
      "import { type ThrottlingOptions, throttling } from '@octokit/plugin-throttling';",
      "import type { Octokit } from '@octokit/rest';",
      "import { helper } from './inner/helper.js';",
      'core.info(core.getInput("x")); throttling;',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'src/inner/helper.ts'),
    "import sodium, { ready as sodiumReady } from 'libsodium-wrappers';\nexport const helper = 1;\n",
  );
  writeFileSync(join(dir, 'src/inner/helper.test.ts'), "import { never } from '@actions/core';\n");
  writeFileSync(join(dir, 'src/lazy.ts'), "export const load = () => import('@octokit/rest');\n");

  const imports = collectDependencyImports(
    [join(dir, 'src')],
    ['@actions/core', '@octokit/plugin-throttling', '@octokit/rest', 'libsodium-wrappers'],
  );

  it('names the members used through a namespace import', () => {
    expect([...imports.get('@actions/core')].sort()).toEqual(['getInput', 'info']);
  });

  it('keeps value imports, default and named, and drops type-only ones and test files', () => {
    expect([...imports.get('@octokit/plugin-throttling')]).toEqual(['throttling']);
    expect([...imports.get('libsodium-wrappers')].sort()).toEqual(['default', 'ready']);
  });

  it('takes a dynamically imported package whole, and ignores relative imports', () => {
    expect(imports.get('@octokit/rest')).toBe('*');
    expect([...imports.keys()].some((k) => k.startsWith('.'))).toBe(false);
  });
});

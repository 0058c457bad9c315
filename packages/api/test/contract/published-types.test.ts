// @keyturn/api's public types against the published description, at compile time: published.gen.ts
// must be what the pinned YAML makes, types-match-published.ts must compile (tsc, as lint runs it),
// and a divergence must fail it.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatePublishedTypes } from './published-types.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const apiRoot = join(here, '../..');
const GENERATED = join(here, 'published.gen.ts');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** tsc over types-match-published.ts in a copy of the layout, with `types` as src/types.ts. */
function compileChecks(types: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'keyturn-types-'));
  try {
    writeFileSync(join(dir, 'src-types.ts'), types);
    for (const file of ['types-match-published.ts', 'published.gen.ts']) {
      const text = readFileSync(join(here, file), 'utf8').replace("'../../src/types.js'", "'./src-types.js'");
      writeFileSync(join(dir, file), text);
    }
    const config = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2023',
        skipLibCheck: true,
        types: [],
      },
      files: ['types-match-published.ts'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
    const run = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('@keyturn/api types against the published description', () => {
  it('published.gen.ts is what the pinned description makes', async () => {
    const generated = await generatePublishedTypes();
    if (process.env.UPDATE_PUBLISHED_TYPES) writeFileSync(GENERATED, generated);
    expect(readFileSync(GENERATED, 'utf8'), 'regenerate: UPDATE_PUBLISHED_TYPES=1 npx vitest run test/contract').toBe(generated);
  });

  it('the types compile against it both ways', () => {
    const result = compileChecks(readFileSync(join(apiRoot, 'src/types.ts'), 'utf8'));
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    ['a field the description does not have', 'cpu_used_sec: number;', 'cpu_used_sec: number;\n  locked: boolean;', 'locked'],
    ['a required field made optional', 'total_duration_ms: number;', 'total_duration_ms?: number;', 'total_duration_ms'],
    ['an optional field made required', 'branch_id?: string;', 'branch_id: string;', 'branch_id'],
    ["a project-scoped key's optional project_id made required", '  project_id?: string;', '  project_id: string;', 'project_id'],
  ])('fails the build on %s', (_what, from, to, field) => {
    const types = readFileSync(join(apiRoot, 'src/types.ts'), 'utf8');
    expect(types).toContain(from);
    const result = compileChecks(types.replace(from, to));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(field);
  });
});

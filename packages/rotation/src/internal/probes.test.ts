// The probes' closed list is the list the sources use: every probe is placed on a branch, and a
// probe reaches a collector only while one is installed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PROBES, probe } from './probes.js';

const COLLECTOR = Symbol.for('keyturn.rotation.probes');
const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('code probes', () => {
  afterEach(() => {
    delete (globalThis as { [COLLECTOR]?: unknown })[COLLECTOR];
  });

  it('places every probe of the list on a branch of the sources, and no other', () => {
    const placed = new Set<string>();
    for (const file of sources(SRC).filter((f) => !f.endsWith('probes.ts'))) {
      const calls = /\b(?:probe|codeProbe)\(\s*(?:[^()]*\?\s*)?'([a-z0-9-]+)'(?:\s*:\s*'([a-z0-9-]+)')?/g;
      for (const match of readFileSync(file, 'utf8').matchAll(calls)) {
        placed.add(match[1]!);
        if (match[2]) placed.add(match[2]);
      }
    }
    expect([...placed].sort()).toEqual(Object.keys(PROBES).sort());
  });

  it('says what each probe shows, in a line', () => {
    for (const [name, line] of Object.entries(PROBES)) expect(line.length, name).toBeGreaterThan(20);
  });

  it('reaches a collector only while one is installed', () => {
    const seen: string[] = [];
    probe('write-back-failed');
    (globalThis as { [COLLECTOR]?: (name: string) => void })[COLLECTOR] = (name) => void seen.push(name);
    probe('write-back-failed');
    probe('lease-waited');
    delete (globalThis as { [COLLECTOR]?: unknown })[COLLECTOR];
    probe('lease-waited');
    expect(seen).toEqual(['write-back-failed', 'lease-waited']);
  });

  it('publishes its list for the simulator', () => {
    expect((globalThis as { [key: symbol]: unknown })[Symbol.for('keyturn.rotation.probe-catalogue')]).toBe(PROBES);
  });
});

// What each start loads (build.mjs): `keyturn wait` runs dist/keyturn-wait.js alone, which must hold
// nothing of the rotation (@keyturn/rotation, Octokit, libsodium) nor the YAML parser (config-file.js,
// loaded only when a keyturn.yml is there). Each library is known by a string of its own code, which
// the rotate entry, which holds it, shows to be a fair mark. No timing here: bench/ figure 7 times it.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dist = (file: string) => readFileSync(new URL(`../dist/${file}`, import.meta.url), 'utf8');

const MARKS = [
  ['@keyturn/rotation', 'LeaseHeldError', 'keyturn-rotate.js'],
  ['Octokit', 'octokit-core.js', 'keyturn-rotate.js'],
  ['libsodium', 'crypto_box_seal', 'keyturn-rotate.js'],
  ['the YAML parser', 'Implicit keys of flow sequence pairs', 'config-file.js'],
] as const;

describe("the wait's entry", () => {
  it.each(MARKS)('holds nothing of %s (marked by %j, which %s holds)', (_, mark, holder) => {
    expect(dist(holder)).toContain(mark);
    expect(dist('keyturn-wait.js')).not.toContain(mark);
  });

  it('loads no other file of dist/ but the YAML one, and that only for a keyturn.yml', () => {
    const loaded = [...dist('keyturn-wait.js').matchAll(/__keyturnImport\("\.\/([\w.-]+)"\)/g)].map((match) => match[1]);
    // ./wait.js is main.js's lazy run of the command, which this entry holds already and never calls.
    expect(loaded.sort()).toEqual(['config-file.js', 'wait.js']);
  });
});

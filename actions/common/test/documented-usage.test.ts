// The workflows users copy (examples/*.yml) and the usage shown in the READMEs pass only inputs the
// Actions declare, and name every required one: a renamed input must not leave the docs behind.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readActionMetadata } from '../test-support/action-metadata.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ACTIONS = ['rotate-key', 'wait-for-operation'] as const;

interface Step {
  action: string;
  inputs: string[];
  where: string;
}

/** Each `uses: …/actions/<name>@…` step with the keys of its `with:` block (a plain YAML subset). */
function stepsIn(text: string, file: string): Step[] {
  const lines = text.split('\n');
  const steps: Step[] = [];
  lines.forEach((line, index) => {
    const uses = /^(\s*)(- )?uses: \S*\/actions\/([a-z-]+)@/.exec(line);
    if (!uses) return;
    // The step's keys (`uses`, `with`, `id`…) share this indentation.
    const keyIndent = uses[1]!.length + (uses[2] ? 2 : 0);
    const inputs: string[] = [];
    let inWith = false;
    let inputIndent: number | undefined;
    for (const next of lines.slice(index + 1)) {
      if (/^\s*(#.*)?$/.test(next)) continue;
      const indent = next.length - next.trimStart().length;
      if (indent < keyIndent || (indent === keyIndent - 2 && next.trimStart().startsWith('- '))) break;
      if (indent === keyIndent) {
        inWith = /^\s*with:\s*$/.test(next);
        continue;
      }
      if (!inWith) continue;
      inputIndent ??= indent;
      const key = /^\s*([a-z-]+):/.exec(next);
      if (key && indent === inputIndent) inputs.push(key[1]!);
    }
    steps.push({ action: uses[3]!, inputs, where: `${file}:${index + 1}` });
  });
  return steps;
}

const documents = [
  ...readdirSync(join(ROOT, 'examples')).map((f) => join('examples', f)),
  ...ACTIONS.map((a) => join('actions', a, 'README.md')),
  'README.md',
];
const steps = documents.flatMap((file) => stepsIn(readFileSync(join(ROOT, file), 'utf8'), file));

describe('documented usage', () => {
  it('finds the steps to check', () => {
    expect(new Set(steps.map((s) => s.action))).toEqual(new Set(ACTIONS));
    expect(steps.filter((s) => s.where.startsWith('examples')).length).toBeGreaterThanOrEqual(3);
  });

  it.each(steps)('$where passes only declared inputs and every required one', ({ action, inputs }) => {
    const declared = readActionMetadata(join(ROOT, 'actions', action, 'action.yml')).inputs;
    expect(inputs.filter((name) => !(name in declared))).toEqual([]);
    const required = Object.entries(declared).filter(([, input]) => input.required).map(([name]) => name);
    expect(required.filter((name) => !inputs.includes(name))).toEqual([]);
  });
});

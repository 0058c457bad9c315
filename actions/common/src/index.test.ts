// What the Actions get from @keyturn/action-common, pinned: a name added or dropped is a decision
// made here, and the package is reached only through its `exports` (never by relative path).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as common from './index.js';

describe('@keyturn/action-common exports', () => {
  it('exports exactly these runtime names from its entry point', () => {
    expect(Object.keys(common).sort()).toEqual(PINNED);
  });

  it("has three entry points: the shared code, the Actions' build, and the checks of a bundle", () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(Object.keys(manifest.exports)).toEqual(['.', './build', './bundle-checks']);
  });
});

const PINNED = [
  'InvalidInputsError',
  'StepGroups',
  'collectInputs',
  'failureAnnotation',
  'formatDuration',
  'inLogGroup',
  'isEntryPoint',
  'logGitHubRequest',
  'logRequestEvent',
  'maskSecretInputs',
  'maskValue',
  'publishResult',
  'readInput',
  'runnerProxyFetch',
];

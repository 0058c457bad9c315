// What releasing the Actions relies on: Marketplace branding, the runner's runtime, one version for
// both (they share the tags vX.Y.Z and vX), and what @github/local-action needs to run them.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readActionMetadata } from '@keyturn/action-runner';

const ACTIONS = ['rotate-key', 'wait-for-operation'];
// The colours action.yml `branding.color` accepts.
const COLORS = ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark'];
const ROOT_MANIFEST = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8'));

const actionFile = (action: string, file: string) => fileURLToPath(new URL(`../../${action}/${file}`, import.meta.url));
const manifest = (action: string) => JSON.parse(readFileSync(actionFile(action, 'package.json'), 'utf8'));

describe.each(ACTIONS)('%s', (action) => {
  const metadata = readActionMetadata(actionFile(action, 'action.yml'));

  it('has Marketplace branding: an icon and an accepted colour', () => {
    expect(metadata.branding.icon).toMatch(/^[a-z0-9-]+$/);
    expect(COLORS).toContain(metadata.branding.color);
  });

  it('runs its committed bundle on node24', () => {
    expect(metadata.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('is a private package naming pnpm, so @github/local-action asks pnpm where @actions/core is', () => {
    expect(manifest(action)).toMatchObject({ private: true, type: 'module', packageManager: ROOT_MANIFEST.packageManager });
  });
});

it('gives both Actions one version, the one their tags carry', () => {
  expect(new Set(ACTIONS.map((action) => manifest(action).version)).size).toBe(1);
  const config = JSON.parse(readFileSync(fileURLToPath(new URL('../../../.changeset/config.json', import.meta.url)), 'utf8'));
  expect(config.fixed).toContainEqual(ACTIONS.map((action) => manifest(action).name));
});

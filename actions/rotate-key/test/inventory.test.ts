// The `inventory` output through the bundled dist/index.js: with inventory-org, after the rotation,
// every copy of the secret in the organization, joined with the record the run just wrote: the
// targets it wrote are managed, a copy in another repository is unmanaged, and nothing holds a value.
// Without inventory-org the output is unset and nothing is listed; bad inputs are refused first.

import { describe, expect } from 'vitest';
import { annotations, it } from './rotate-key-world.js';

describe.concurrent('the inventory output', () => {
  it('lists the copies in the organization after the rotation: the targets written are managed, a copy elsewhere is not', async ({
    world,
  }) => {
    const { github, secrets, rotate } = world;
    github.addOrg('acme');
    github.addRepo('acme/api');
    github.addRepo('acme/tools');
    github.putSecretValue('codespaces:acme/api', 'NEON_API_KEY', 'a-copy-pasted-by-hand-1');
    github.putSecretValue('repo:acme/tools', 'NEON_API_KEY_OLD', 'an-old-copy-left-behind-2');
    secrets.push('a-copy-pasted-by-hand-1', 'an-old-copy-left-behind-2');
    const run = await rotate({ targets: 'repo:acme/web\nenv:acme/web:production', 'inventory-org': 'acme', 'inventory-match': 'NEON*' });
    expect(run.exitCode, run.stdout).toBe(0);
    const inventory = JSON.parse(run.outputs.inventory!);
    expect(inventory).toMatchObject({ org: 'acme', match: ['NEON*'], unreadable: [], places: 4 });
    expect(
      inventory.copies.map((c: { place: string; name: string; families: string[] }) => [c.place, c.name, c.families.length > 0]).sort(),
    ).toEqual(
      [
        ['codespaces:acme/api', 'NEON_API_KEY', false],
        ['env:acme/web:production', 'NEON_API_KEY', true],
        ['repo:acme/tools', 'NEON_API_KEY_OLD', false],
        ['repo:acme/web', 'NEON_API_KEY', true],
      ].sort(),
    );
    expect(inventory.unmanaged).toEqual([
      { place: 'codespaces:acme/api', name: 'NEON_API_KEY' },
      { place: 'repo:acme/tools', name: 'NEON_API_KEY_OLD' },
    ]);
    expect(inventory.editedSince).toEqual([]);
    expect(annotations(run, 'warning').join('\n')).toContain('codespaces:acme/api NEON_API_KEY (unmanaged)');
    expect(run.summary).toContain('Copies of NEON* in acme');
    // The rotation itself is done as without it.
    expect(run.outputs['key-id']).toMatch(/^\d+$/);
  });

  it('is unset without inventory-org, and nothing is listed', async ({ world }) => {
    const { github, rotate } = world;
    github.log.clear();
    const run = await rotate({ targets: 'repo:acme/web' });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.inventory).toBeUndefined();
    expect(github.log.entries().filter((e) => e.path.startsWith('/orgs/'))).toEqual([]);
  });

  it('refuses inventory-match alone and a bad organization before any request', async ({ world }) => {
    const { platform, consoleKey, rotate } = world;
    const run = await rotate({ targets: 'repo:acme/web', 'inventory-match': 'NEON*' });
    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error').join('\n')).toContain("Input 'inventory-match' is given without inventory-org");
    const bad = await rotate({ targets: 'repo:acme/web', 'inventory-org': 'not an org' });
    expect(bad.exitCode).toBe(1);
    expect(annotations(bad, 'error').join('\n')).toContain('not a GitHub organization login');
    expect(
      platform
        .listKeys()
        .filter((k) => !k.revoked)
        .map((k) => k.id),
    ).toEqual([consoleKey.id]);
  });
});

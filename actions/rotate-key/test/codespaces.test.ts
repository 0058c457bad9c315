// End to end: dist/index.js rotating into Codespaces secrets (rotate-key-world.ts), and refusing
// them on GitHub Enterprise Server before any request.

import { describe, expect } from 'vitest';
import { annotations, it, REPO } from './rotate-key-world.js';

const TARGETS = [REPO, 'codespaces:acme/web', 'codespaces-org:acme:selected:web', 'codespaces-user:acme/web'];

describe.concurrent('rotate-key into Codespaces secrets', () => {
  it('writes the repository, organization and user forms, each sealed with its own key', async ({ world }) => {
    const { platform, github, consoleKey, secrets, rotate } = world;
    github.addOrg('acme');
    const run = await rotate({ targets: TARGETS.join('\n'), 'revoke-key-ids': String(consoleKey.id) });

    expect(annotations(run, 'error')).toEqual([]);
    expect(run.exitCode).toBe(0);
    const stored = github.secretValue(REPO, 'NEON_API_KEY')!;
    secrets.push(stored);
    expect(platform.isKeyValid(stored)).toBe(true);
    for (const where of ['codespaces:acme/web', 'codespaces-org:acme', 'codespaces-user:octocat']) {
      expect(github.secretValue(where, 'NEON_API_KEY'), where).toBe(stored);
    }
    const web = github.addRepo('acme/web').id;
    expect(github.secret('codespaces-org:acme', 'NEON_API_KEY')).toMatchObject({ visibility: 'selected', selected_repository_ids: [web] });
    expect(github.secret('codespaces-user:octocat', 'NEON_API_KEY')).toMatchObject({ selected_repository_ids: [web] });
    expect(JSON.parse(run.outputs.targets!)).toEqual(TARGETS);
    expect(platform.isKeyValid(consoleKey.key)).toBe(false);
    expect(run.summary).toContain(`<tr><td>Targets written</td><td>${TARGETS.join(', ')}</td></tr>`);
  });

  it('on GitHub Enterprise Server refuses a Codespaces target before any request, saying why', async ({ world }) => {
    const { platform, github, consoleKey, rotate } = world;
    const run = await rotate({ targets: `${REPO}\ncodespaces:acme/web` }, { GITHUB_API_URL: `${github.url}/api/v3` });

    expect(run.exitCode).toBe(1);
    expect(annotations(run, 'error')).toEqual([
      expect.stringMatching(
        /targets.*codespaces:acme\/web: GitHub Enterprise Server \(127\.0\.0\.1:\d+\) has no Codespaces.*Nothing was changed/s,
      ),
    ]);
    expect(github.log.entries()).toEqual([]);
    expect(platform.log.entries()).toEqual([]);
    expect(github.secretValue(REPO, 'NEON_API_KEY')).toBe(consoleKey.key);
  });
});

// End to end with a GitLab target: dist/index.js run as the runner runs it, writing a GitHub
// repository secret and a GitLab project variable in one run (the record in the repository's variables).

import { type GitLabEmulator, startGitLabEmulator } from '@keyturn/emulator';
import { describe, expect } from 'vitest';
import { annotations, REPO, it as rotateKeyIt } from './rotate-key-world.js';

const GITLAB_TOKEN = 'glpat-rotate-key-action-0001';

/** The test's world and a GitLab emulator of its own, the console key in the project's variable. */
const it = rotateKeyIt.extend<{ gitlab: GitLabEmulator }>({
  gitlab: async ({ world }, use) => {
    const gitlab = await startGitLabEmulator({
      projects: ['acme/web'],
      tokens: { [GITLAB_TOKEN]: { roles: { 'acme/web': 'maintainer' } } },
    });
    gitlab.setVariable(
      { project: 'acme/web' },
      { key: 'NEON_API_KEY', value: world.consoleKey.key, environment_scope: 'production', protected: true, masked: true },
    );
    world.secrets.push(GITLAB_TOKEN);
    try {
      await use(gitlab);
    } finally {
      await gitlab.close();
    }
  },
});

describe.concurrent('rotate-key with a GitLab target', () => {
  it('rotates into a repository secret and a GitLab project variable, masking the GitLab token', async ({ world, gitlab }) => {
    const { platform, github, consoleKey, secrets, rotate } = world;
    const run = await rotate({
      targets: `${REPO}\ngitlab:acme/web:production`,
      'gitlab-token': GITLAB_TOKEN,
      'gitlab-url': gitlab.url,
      'revoke-key-ids': String(consoleKey.id),
    });
    const variable = gitlab.variable({ project: 'acme/web' }, 'NEON_API_KEY', 'production')!;
    secrets.push(variable.value);
    expect(annotations(run, 'error')).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(variable).toMatchObject({ masked: true, protected: true, environment_scope: 'production' });
    expect(variable.value).toBe(github.secretValue(REPO, 'NEON_API_KEY'));
    expect(platform.isKeyValid(variable.value)).toBe(true);
    expect(platform.isKeyValid(consoleKey.key)).toBe(false);
    expect(run.masks).toContain(GITLAB_TOKEN);
    expect(run.outputs.targets).toBe(JSON.stringify([REPO, 'gitlab:acme/web:production']));
    expect(run.visibleStdout).not.toContain(variable.value);
  });

  it('names the inputs to fix: a GitLab target without gitlab-token, and plain http to a remote GitLab', async ({ world, gitlab }) => {
    const { platform, rotate } = world;
    const run = await rotate({ targets: 'gitlab:acme/web', 'gitlab-url': 'http://gitlab.example.com/api/v4' });
    expect(run.exitCode).toBe(1);
    const errors = annotations(run, 'error').join('\n');
    expect(errors).toMatch(/gitlab-token/);
    expect(gitlab.log.entries()).toEqual([]);
    const insecure = await rotate({
      targets: 'gitlab:acme/web',
      'gitlab-token': GITLAB_TOKEN,
      'gitlab-url': 'http://gitlab.example.com/api/v4',
    });
    expect(annotations(insecure, 'error').join('\n')).toMatch(/gitlab-url.*https/s);
    expect(platform.listKeys()).toHaveLength(1);
  });
});

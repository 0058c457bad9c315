// `codespaces-user[:OWNER/REPO,OWNER/REPO]`: the token's user's Codespaces secret (GitHub.com only),
// available to the repositories listed. A user's secrets have no owner to name: they are the
// authenticated user's, and an App's installation token acts for no user.
// https://docs.github.com/en/rest/codespaces/secrets#create-or-update-a-secret-for-the-authenticated-user

import { CodespacesUserSecretTarget } from './codespaces-user-target.js';
import { isFullName, parseRepository } from './github-names.js';
import type { GitHubKind } from '../kind.js';

/**
 * The token's user's Codespaces secret, available to the repositories listed (`OWNER/REPO`);
 * no list keeps the existing secret's repositories (none for a new secret).
 */
export type CodespacesUserSpec = { kind: 'codespaces-user'; repositories?: string[] };

/** What writes the token's user's Codespaces secrets (no installation token does: it acts for no user). */
const USER_PERMISSIONS =
  "the user's fine-grained token with the account permission Codespaces user secrets: write (and access to each repository listed), " +
  'or a classic token with the `codespace` or `codespace:secrets` scope';

const EXPECTED = 'codespaces-user or codespaces-user:OWNER/REPO,OWNER/REPO, e.g. codespaces-user:acme/web';

export const codespacesUser: GitHubKind<CodespacesUserSpec> = {
  name: 'codespaces-user',
  service: 'github',
  codespaces: true,
  permissions: `${USER_PERMISSIONS}; a GitHub App's installation token and the workflow GITHUB_TOKEN cannot write a user's secrets`,
  appRefusal:
    "a GitHub App's installation token acts for no user, so it cannot reach a user's Codespaces secrets. " +
    `Give github.token instead: ${USER_PERMISSIONS}`,
  forms: 'codespaces-user[:OWNER/REPO,OWNER/REPO]',
  commaContinues: () => true,
  parse(rest) {
    if (rest === undefined) return { kind: 'codespaces-user' };
    const repositories = rest
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean)
      .map((r) => {
        const { owner, repo } = parseRepository(r, EXPECTED);
        return `${owner}/${repo}`;
      });
    if (!repositories.length) throw new Error(`a repository list needs at least one repository: expected ${EXPECTED}`);
    return { kind: 'codespaces-user', repositories };
  },
  problem({ repositories }) {
    if (repositories === undefined) return undefined;
    if (!Array.isArray(repositories) || !repositories.length) return 'repositories, when given, list at least one repository';
    const bad = repositories.find((name) => !isFullName(name));
    return bad === undefined ? undefined : `repositories must be OWNER/REPO names, not ${JSON.stringify(bad)}`;
  },
  format: (spec) => (spec.repositories ? `codespaces-user:${spec.repositories.join(',')}` : 'codespaces-user'),
  // One user per run: the token's.
  identity: () => 'codespaces-user',
  // No App permission reaches a user's secrets (a token's run only: appRefusal).
  need: () => undefined,
  create: (clients, spec, level) => new CodespacesUserSecretTarget(clients.github(codespacesUser.need(spec, level)), spec, codespacesUser),
};

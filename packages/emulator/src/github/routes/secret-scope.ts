// The places secrets live, each described once: its URL, its docs pages, the fine-grained
// permission GitHub names, and how a path finds its target (for a user's secrets, by the caller).
// https://docs.github.com/rest/actions/secrets, https://docs.github.com/rest/dependabot/secrets,
// https://docs.github.com/rest/codespaces/repository-secrets

import type { EmulatorRequest } from '../../core/http-server.js';
import type { Caller } from '../auth.js';
import type { SecretWrite, StoredSecret } from '../secret-store.js';
import type { GitHubWorld, SecretTarget } from '../targets.js';
import type { GitHubContext } from './github-route.js';

export interface ScopeDocs {
  publicKey: string;
  list: string;
  get: string;
  put: string;
  delete: string;
}

export interface SecretScope {
  /** The secrets collection, e.g. `/repos/:owner/:repo/actions/secrets`. */
  collection: string;
  /** Named in `x-accepted-github-permissions` on a 403. */
  permission: string;
  docs: ScopeDocs;
  resolve(world: GitHubWorld, params: Record<string, string>, caller: Caller): SecretTarget | undefined;
  /**
   * Fields of `describe` a sparse answer leaves out (default `selected_repositories_url`, which the organization secret's description does
   * not require).
   */
  optional?: string[];
  /** Extra fields of a secret in GET and list answers (organization secrets). */
  describe?(secret: StoredSecret, req: EmulatorRequest): Record<string, unknown>;
  /** Extra fields of a PUT body (organization secrets); `valueOptional` allows a metadata-only update. */
  writeFields?(
    ctx: GitHubContext,
    req: EmulatorRequest,
    existing: StoredSecret | undefined,
  ): { write: Omit<SecretWrite, 'value'>; valueOptional: boolean };
}

export function scopeDocs(page: string, noun: 'a-repository' | 'an-environment' | 'an-organization'): ScopeDocs {
  const plural = noun.replace(/^an?-/, '');
  return {
    publicKey: `${page}#get-${noun}-public-key`,
    list: `${page}#list-${plural}-secrets`,
    get: `${page}#get-${noun}-secret`,
    put: `${page}#create-or-update-${noun}-secret`,
    delete: `${page}#delete-${noun}-secret`,
  };
}

const ACTIONS_DOCS = 'https://docs.github.com/rest/actions/secrets';

export const repositoryScope: SecretScope = {
  collection: '/repos/:owner/:repo/actions/secrets',
  permission: 'secrets',
  docs: scopeDocs(ACTIONS_DOCS, 'a-repository'),
  resolve: (world, p) => world.repo(p.owner!, p.repo!)?.actions,
};

export const environmentScope: SecretScope = {
  collection: '/repos/:owner/:repo/environments/:environment_name/secrets',
  permission: 'environments',
  docs: scopeDocs(ACTIONS_DOCS, 'an-environment'),
  resolve: (world, p) => world.environment(p.owner!, p.repo!, p.environment_name!)?.target,
};

export const dependabotScope: SecretScope = {
  collection: '/repos/:owner/:repo/dependabot/secrets',
  permission: 'dependabot_secrets',
  docs: scopeDocs('https://docs.github.com/rest/dependabot/secrets', 'a-repository'),
  resolve: (world, p) => world.repo(p.owner!, p.repo!)?.dependabot,
};

export const codespacesRepositoryScope: SecretScope = {
  collection: '/repos/:owner/:repo/codespaces/secrets',
  permission: 'codespaces_secrets',
  docs: scopeDocs('https://docs.github.com/rest/codespaces/repository-secrets', 'a-repository'),
  resolve: (world, p) => world.repo(p.owner!, p.repo!)?.codespaces,
};

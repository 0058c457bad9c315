// `env:OWNER/REPO:ENVIRONMENT`: an environment's secret. Each environment has its own public key (a
// value sealed with the repository's key is stored empty). An environment name may hold any
// character GitHub allows, a comma or a `#` too (`env:acme/app:qa #1` is the environment `qa #1`).
// https://docs.github.com/en/rest/actions/secrets#create-or-update-an-environment-secret

import { GitHubSecretTarget, NO_WORKFLOW_TOKEN } from './github-secret-target.js';
import { parseRepository, repositoryProblem } from './github-names.js';
import type { GitHubKind } from '../kind.js';

/** An environment's secret. */
export type EnvSpec = { kind: 'env'; owner: string; repo: string; environment: string };

const EXPECTED = 'env:OWNER/REPO:ENVIRONMENT, e.g. env:acme/web:production';

export const env: GitHubKind<EnvSpec> = {
  name: 'env',
  service: 'github',
  permissions:
    'a fine-grained token with the Environments: write permission, a GitHub App with `environments` write, ' +
    `or a classic token with the \`repo\` scope; ${NO_WORKFLOW_TOKEN}`,
  forms: 'env:OWNER/REPO:ENVIRONMENT',
  commaContinues: () => true,
  parse(rest = '') {
    const sep = rest.indexOf(':');
    const environment = sep >= 0 ? rest.slice(sep + 1).trim() : '';
    if (sep < 0 || !environment) throw new Error(`expected ${EXPECTED}`);
    const problem = environmentProblem(environment);
    if (problem) throw new Error(problem);
    return { kind: 'env', ...parseRepository(rest.slice(0, sep), EXPECTED), environment };
  },
  problem(spec) {
    const repository = repositoryProblem(spec);
    if (repository) return repository;
    if (typeof spec.environment !== 'string' || !spec.environment.trim()) return 'environment must name an environment';
    if (spec.environment !== spec.environment.trim()) return 'an environment name has no spaces at either end';
    return environmentProblem(spec.environment);
  },
  format: (spec) => `env:${spec.owner}/${spec.repo}:${spec.environment}`,
  identity: (spec) => `env:${spec.owner}/${spec.repo}:${spec.environment}`.toLowerCase(),
  need: (spec, level) => ({ owner: spec.owner, permission: 'environments', level, repositories: [spec.repo] }),
  create: (clients, spec, level) => {
    const params = { owner: spec.owner, repo: spec.repo, environment_name: spec.environment };
    const place = { route: '/repos/{owner}/{repo}/environments/{environment_name}/secrets', params };
    return new GitHubSecretTarget(clients.github(env.need(spec, level)), spec, place, env);
  },
};

/** An environment name GitHub could hold: anything but control characters, at most 255 characters. */
function environmentProblem(environment: string): string | undefined {
  if (environment.length > 255) return 'an environment name has at most 255 characters';
  // Control characters never name an environment; anything else is taken as written.
  if (/\p{Cc}/u.test(environment)) return 'an environment name holds no control characters';
  return undefined;
}

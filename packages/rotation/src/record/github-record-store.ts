// The GitHub record store, for callers that read records without rotating (the CLI's `status` and
// `audit`): the same store rotateKey uses for `record: { repository }`.

import type { GitHubClient } from '../github-client/octokit.js';
import { githubVariableStore } from './github-variables.js';
import type { RecordStore } from './target-record.js';

/**
 * The target records kept in `repository`'s Actions variables, as rotateKey keeps them for
 * `record: { repository }`: `load()` reads every family's record (and names those it cannot read).
 * The token needs Variables: read (write to save). Failures are RecordErrors.
 * @example const { records } = await createGitHubRecordStore(createGitHubClient({ token }), 'acme/ops').load();
 */
export function createGitHubRecordStore(octokit: GitHubClient, repository: string): RecordStore {
  return githubVariableStore(octokit, repository);
}

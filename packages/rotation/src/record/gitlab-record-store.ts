// The GitLab record store, for callers that read records without rotating (the CLI's `status` and
// `audit`): the same store rotateKey uses for `record: { gitlab }`.

import type { GitLabClient } from '../targets/gitlab/gitlab-client.js';
import { gitlabVariableStore } from './gitlab-variables.js';
import type { RecordStore } from './target-record.js';

/**
 * The target records kept in a GitLab project's CI/CD variables (`GROUP/PROJECT` or its numeric
 * id), as rotateKey keeps them for `record: { gitlab }`. The token needs the `api` scope and the
 * Maintainer role on the project. Failures are RecordErrors.
 * @example const { records } = await createGitLabRecordStore(createGitLabClient({ token }), 'acme/ops').load();
 */
export function createGitLabRecordStore(client: GitLabClient, project: string): RecordStore {
  return gitlabVariableStore(client, project);
}

// Records kept as CI/CD variables of one GitLab project (in a GitLab pipeline, the one running it),
// through the variable-backed store (variable-store.ts). Each record variable has the environment
// scope `*`, is neither masked (a record is JSON, which GitLab cannot mask) nor protected, and is
// raw (a `$` in it is never expanded in a job). GitLab holds at most 10,000 characters in a value
// (https://docs.gitlab.com/ci/variables/#for-a-project): parts are smaller than GitHub's, the
// budget of a record the same. A project's count of variables is not checked up front (GitLab's
// limit is its instance's setting): GitLab refuses a variable past it, and the run stops there.
// https://docs.gitlab.com/api/project_level_variables/

import { gitlabAdvice } from '../targets/kinds/gitlab/advice.js';
import { type GitLabClient, GitLabRequestError, variableMissing, variableTaken } from '../targets/gitlab/gitlab-client.js';
import { RecordError, type VariableRecordStore, variableRecordStore } from './variable-store.js';

/** Bytes of a part: below GitLab's 10,000 characters a value, with room for the head's own fields. */
export const GITLAB_PART_BYTES = 9_000;
const SCOPE = '*';

interface ListedVariable {
  key?: unknown;
  value?: unknown;
  environment_scope?: unknown;
}

export function gitlabVariableStore(client: GitLabClient, project: string): VariableRecordStore {
  const place = `the CI/CD variables of the GitLab project ${project}`;
  const route = `/projects/${encodeURIComponent(project)}/variables`;
  const status = (error: unknown) => (error instanceof GitLabRequestError ? error.status : undefined);
  const reason = (error: unknown) => (error instanceof GitLabRequestError ? error.reason : '');
  const filter = { 'filter[environment_scope]': SCOPE };

  return variableRecordStore({
    place,
    partBytes: GITLAB_PART_BYTES,
    async list() {
      const variables = await client.paginate<ListedVariable>(route);
      // A listing that holds no variables (a 200 whose body is something else) fails the read, or the
      // run would take the record for absent and forget its targets.
      if (!variables.every((v) => typeof v?.key === 'string'))
        throw new GitLabRequestError('the listing of variables holds no variables', 200, '');
      // A key may exist once per environment scope: the record's are those of every environment.
      return variables
        .filter((v) => (v.environment_scope ?? SCOPE) === SCOPE)
        .map((v) => ({ name: v.key as string, value: typeof v.value === 'string' ? v.value : '' }));
    },
    create: async (name, value) =>
      void (await client.request('POST', route, {
        body: { key: name, value, environment_scope: SCOPE, masked: false, protected: false, raw: true },
      })),
    read: async (name) => {
      const { data } = await client.request<ListedVariable>('GET', `${route}/${encodeURIComponent(name)}`, { query: filter });
      return typeof data?.value === 'string' ? data.value : '';
    },
    update: async (name, value) =>
      void (await client.request('PUT', `${route}/${encodeURIComponent(name)}`, { query: filter, body: { value } })),
    remove: async (name) => void (await client.request('DELETE', `${route}/${encodeURIComponent(name)}`, { query: filter })),
    removeOnce: async (name) =>
      void (await client.request('DELETE', `${route}/${encodeURIComponent(name)}`, { query: filter, once: true })),
    isConflict: variableTaken,
    isMissing: variableMissing,
    failure(error, what, _existing, variable) {
      const code = status(error);
      const said = reason(error);
      const answer =
        code === undefined || code >= 500
          ? `no answer or a failure from GitLab (${code ?? 'no status'})`
          : `GitLab answered ${code}${said ? `: "${said}"` : ''}`;
      const advice =
        code === 400 && /too long|maximum|length/i.test(said)
          ? `GitLab refused ${variable ?? 'a record variable'} as too long for one variable. Run again: if it repeats, report it ` +
            `(parts are kept below GitLab's limit).`
          : `The rotation records which targets hold the family's keys in ${place}, so that a target dropped from the list is ` +
            `never locked out. ${gitlabAdvice(code, { scope: 'project', path: project }, said)}`;
      return new RecordError(`${what} ${place} failed: ${answer}`, advice, code);
    },
  });
}

// Which secret-scanning alerts a run reads: a repository's (`repo:OWNER/REPO`, or the repository
// running the workflow by default) or an organization's (`org:ORG`, every repository the token
// reaches). https://docs.github.com/rest/secret-scanning/secret-scanning

import { OptionError } from '@keyturn/api';

export type AlertScope = { kind: 'repo'; owner: string; repo: string } | { kind: 'org'; org: string };

const NAME = /^[A-Za-z0-9_.-]+$/;

/** `org:ORG` or `repo:OWNER/REPO`; empty means `defaultRepository`. Refused with what to write. */
export function parseAlertScope(text: string | undefined, defaultRepository: string | undefined): AlertScope {
  const given = (text ?? '').trim();
  const spec = given === '' ? (defaultRepository === undefined ? '' : `repo:${defaultRepository}`) : given;
  const org = /^org:(.+)$/.exec(spec)?.[1];
  if (org !== undefined && NAME.test(org)) return { kind: 'org', org };
  const [owner, repo, ...rest] = (/^repo:(.+)$/.exec(spec)?.[1] ?? '').split('/');
  if (owner && repo && rest.length === 0 && NAME.test(owner) && NAME.test(repo)) return { kind: 'repo', owner, repo };
  throw new OptionError(
    'alerts.scope',
    given === '' && defaultRepository === undefined
      ? 'alerts.scope is needed: repo:OWNER/REPO or org:ORG (an Action reads the repository running the workflow)'
      : `alerts.scope must be repo:OWNER/REPO or org:ORG, not ${JSON.stringify(given)}`,
  );
}

export function describeAlertScope(scope: AlertScope): string {
  return scope.kind === 'org' ? `organization ${scope.org}` : `repository ${scope.owner}/${scope.repo}`;
}

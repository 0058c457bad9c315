// Names for the four kinds of secret targets, and their text form (`repo:o/r`, `env:o/r:ENV`,
// `org:ORG`, `dependabot:o/r`), the same spelling the rotation's target specs use.

export type GitHubTargetRef =
  | { kind: 'repo'; owner: string; repo: string }
  | { kind: 'env'; owner: string; repo: string; environment: string }
  | { kind: 'org'; org: string }
  | { kind: 'dependabot'; owner: string; repo: string };

export type GitHubTargetKind = GitHubTargetRef['kind'];

const FULL_NAME = /^([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9._-]+)$/;

/** Splits `owner/name`; throws a TypeError for anything else. */
export function splitFullName(fullName: string): { owner: string; repo: string } {
  const match = FULL_NAME.exec(String(fullName));
  if (!match) throw new TypeError(`a repository is named owner/name, not ${JSON.stringify(fullName)}`);
  return { owner: match[1]!, repo: match[2]! };
}

export function parseTargetRef(text: string): GitHubTargetRef {
  const colon = text.indexOf(':');
  const kind = text.slice(0, colon);
  const rest = text.slice(colon + 1);
  if (colon > 0 && (kind === 'repo' || kind === 'dependabot')) return { kind, ...splitFullName(rest) };
  if (colon > 0 && kind === 'org' && /^[A-Za-z0-9][A-Za-z0-9-]*$/.test(rest)) return { kind, org: rest };
  if (colon > 0 && kind === 'env') {
    const envColon = rest.indexOf(':');
    const environment = rest.slice(envColon + 1);
    if (envColon > 0 && environment !== '') return { kind, ...splitFullName(rest.slice(0, envColon)), environment };
  }
  throw new TypeError(
    `a target is repo:OWNER/REPO, env:OWNER/REPO:ENVIRONMENT, org:ORG or dependabot:OWNER/REPO, not ${JSON.stringify(text)}`,
  );
}

export function formatTargetRef(ref: GitHubTargetRef): string {
  switch (ref.kind) {
    case 'org':
      return `org:${ref.org}`;
    case 'env':
      return `env:${ref.owner}/${ref.repo}:${ref.environment}`;
    default:
      return `${ref.kind}:${ref.owner}/${ref.repo}`;
  }
}

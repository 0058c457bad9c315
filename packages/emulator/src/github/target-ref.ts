// Names for the kinds of secret targets, and their text form (`repo:o/r`, `env:o/r:ENV`,
// `org:ORG`, `dependabot:o/r`, `codespaces:o/r`, `codespaces-org:ORG`, `dependabot-org:ORG` (which no
// rotation writes: an inventory lists it), `codespaces-user:LOGIN`),
// the spelling the rotation's target specs use (a user's secrets are named by the user's login here:
// the emulator knows every token's user, a spec means the token's own).

export type GitHubTargetRef =
  | { kind: 'repo'; owner: string; repo: string }
  | { kind: 'env'; owner: string; repo: string; environment: string }
  | { kind: 'org'; org: string }
  | { kind: 'dependabot'; owner: string; repo: string }
  | { kind: 'codespaces'; owner: string; repo: string }
  | { kind: 'codespaces-org'; org: string }
  | { kind: 'dependabot-org'; org: string }
  | { kind: 'codespaces-user'; user: string };

/** The kinds whose secrets carry a visibility and selected repositories. */
export function hasVisibility(
  ref: GitHubTargetRef,
): ref is Extract<GitHubTargetRef, { kind: 'org' | 'codespaces-org' | 'dependabot-org' | 'codespaces-user' }> {
  return ref.kind === 'org' || ref.kind === 'codespaces-org' || ref.kind === 'dependabot-org' || ref.kind === 'codespaces-user';
}

export type GitHubTargetKind = GitHubTargetRef['kind'];

/** An organization or user login: letters, digits and hyphens. */
export const LOGIN = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
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
  if (colon > 0 && (kind === 'repo' || kind === 'dependabot' || kind === 'codespaces')) return { kind, ...splitFullName(rest) };
  if (colon > 0 && (kind === 'org' || kind === 'codespaces-org' || kind === 'dependabot-org') && LOGIN.test(rest))
    return { kind, org: rest };
  if (colon > 0 && kind === 'codespaces-user' && LOGIN.test(rest)) return { kind, user: rest };
  if (colon > 0 && kind === 'env') {
    const envColon = rest.indexOf(':');
    const environment = rest.slice(envColon + 1);
    if (envColon > 0 && environment !== '') return { kind, ...splitFullName(rest.slice(0, envColon)), environment };
  }
  throw new TypeError(
    `a target is repo:OWNER/REPO, env:OWNER/REPO:ENVIRONMENT, org:ORG, dependabot:OWNER/REPO, codespaces:OWNER/REPO, ` +
      `codespaces-org:ORG, dependabot-org:ORG or codespaces-user:LOGIN, not ${JSON.stringify(text)}`,
  );
}

export function formatTargetRef(ref: GitHubTargetRef): string {
  switch (ref.kind) {
    case 'org':
    case 'codespaces-org':
    case 'dependabot-org':
      return `${ref.kind}:${ref.org}`;
    case 'codespaces-user':
      return `codespaces-user:${ref.user}`;
    case 'env':
      return `env:${ref.owner}/${ref.repo}:${ref.environment}`;
    default:
      return `${ref.kind}:${ref.owner}/${ref.repo}`;
  }
}

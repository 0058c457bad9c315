// Target specs: where the rotated key is written. One spec per line or comma:
//   repo:OWNER/REPO   env:OWNER/REPO:ENVIRONMENT   dependabot:OWNER/REPO
//   org:ORG[:all|private|selected:REPO,REPO]
//   codespaces:OWNER/REPO   codespaces-org:ORG[:all|private|selected:REPO,REPO]
//   codespaces-user[:OWNER/REPO,OWNER/REPO]
// Codespaces secrets are named as Dependabot's are: the service, then the store in the spelling of
// its Actions counterpart (`codespaces:` reads like `dependabot:`, `codespaces-org:` takes what
// `org:` takes); the user's secrets have no owner to name (they are the token's user's).
//   gitlab:GROUP/PROJECT[:ENV_SCOPE]   gitlab-group:GROUP[:ENV_SCOPE]   (GitLab CI/CD variables)
// Blank lines and comment lines (starting with `#`) are ignored; no spec at all means the current
// repository. A `#` anywhere else is part of the spec: an environment name may hold any character
// GitHub allows (`env:acme/app:qa #1` is the environment `qa #1`), so a comment never shortens it.

import { OptionError } from '@keyturn/api';

/** Who may use an organization secret: every repository, private ones, or those listed. */
export type OrgVisibility = 'all' | 'private' | 'selected';

/** A parsed spec of a GitHub secret store. */
export type GitHubTargetSpec =
  | { kind: 'repo'; owner: string; repo: string }
  | { kind: 'env'; owner: string; repo: string; environment: string }
  /** No `visibility`: keep the existing secret's visibility (`private` for a new secret). */
  | { kind: 'org'; org: string; visibility?: OrgVisibility; repositories?: string[] }
  | { kind: 'dependabot'; owner: string; repo: string }
  | { kind: 'codespaces'; owner: string; repo: string }
  /** As `org`: no `visibility` keeps the existing secret's (`private` for a new secret). */
  | { kind: 'codespaces-org'; org: string; visibility?: OrgVisibility; repositories?: string[] }
  /**
   * The token's user's Codespaces secret, available to the repositories listed (`OWNER/REPO`);
   * no list keeps the existing secret's repositories (none for a new secret).
   */
  | { kind: 'codespaces-user'; repositories?: string[] };

/** The Codespaces kinds, which GitHub Enterprise Server does not have. */
export const CODESPACES_KINDS = ['codespaces', 'codespaces-org', 'codespaces-user'] as const;

/** A Codespaces secret's spec: GitHub.com only. */
export function isCodespacesSpec(spec: TargetSpec): spec is Extract<TargetSpec, { kind: (typeof CODESPACES_KINDS)[number] }> {
  return (CODESPACES_KINDS as readonly string[]).includes(spec.kind);
}

/**
 * A parsed spec of a GitLab CI/CD variable: a project's (`project` is its full path, `group/app`,
 * or its numeric id) or a group's. GitLab keys a variable by its name and its environment scope
 * (`*` when left out: every environment), so the scope is part of which variable is written.
 */
export type GitLabTargetSpec =
  | { kind: 'gitlab'; project: string; environmentScope?: string }
  | { kind: 'gitlab-group'; group: string; environmentScope?: string };

/** A parsed target spec: which secret store the rotated key is written to. */
export type TargetSpec = GitHubTargetSpec | GitLabTargetSpec;

/** Whether a spec names a GitLab variable (written through the `gitlab` option) rather than a GitHub secret. */
export function isGitLabSpec(spec: TargetSpec): spec is GitLabTargetSpec {
  return spec.kind === 'gitlab' || spec.kind === 'gitlab-group';
}

/** The options of `parseTargetSpecs`. */
export interface ParseTargetSpecsOptions {
  /** `OWNER/REPO` used when the text holds no spec (GITHUB_REPOSITORY in an Action). */
  defaultRepository?: string;
}

/**
 * Every malformed line, each with its line number and what a valid spec looks like: an option
 * mistake of `targets` (or of `retireTargets`, the option it names).
 */
export class TargetSpecError extends OptionError {
  override name = 'TargetSpecError';
  /** Each malformed spec: its line (0 when no line is at fault), its text, and what is wrong. */
  readonly problems: Array<{ line: number; text: string; problem: string }>;
  constructor(problems: Array<{ line: number; text: string; problem: string }>, option = 'targets') {
    super(
      option,
      problems.length === 1
        ? describeProblem(problems[0]!)
        : `${problems.length} target specs are malformed:\n${problems.map((p) => `  ${describeProblem(p)}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

function describeProblem(p: { line: number; text: string; problem: string }): string {
  return p.line > 0 ? `line ${p.line} ("${p.text}"): ${p.problem}` : p.problem;
}

const TARGET_SPEC_FORMS =
  'repo:OWNER/REPO, env:OWNER/REPO:ENVIRONMENT, org:ORG[:all|private|selected:REPO,REPO], dependabot:OWNER/REPO, codespaces:OWNER/REPO, codespaces-org:ORG[:all|private|selected:REPO,REPO], codespaces-user[:OWNER/REPO,OWNER/REPO], gitlab:GROUP/PROJECT[:ENV_SCOPE] or gitlab-group:GROUP[:ENV_SCOPE]';

const KINDS = ['repo', 'env', 'org', 'dependabot', ...CODESPACES_KINDS, 'gitlab', 'gitlab-group'] as const;
// GitHub account names: alphanumerics and single hyphens, not at either end, up to 39 characters.
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
// Repository names: letters, digits, `.`, `_`, `-` (never `.` or `..`), up to 100 characters.
const REPO = /^(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;

/**
 * Reads target specs, one per line or comma (`#` lines are comments); no spec at all means
 * `repo:<defaultRepository>`. Throws a TargetSpecError naming every malformed line, and refuses
 * two specs of one secret.
 *
 * @example parseTargetSpecs('repo:acme/web\nenv:acme/web:production')
 */
export function parseTargetSpecs(text: string | readonly string[], options: ParseTargetSpecsOptions = {}): TargetSpec[] {
  const lines = typeof text === 'string' ? text.split(/\r?\n/) : text.flatMap((t) => t.split(/\r?\n/));
  const specs: Array<{ spec: TargetSpec; line: number }> = [];
  const problems: TargetSpecError['problems'] = [];

  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (!content || content.startsWith('#')) return;
    for (const item of groupItems(content)) {
      try {
        const spec = parseOne(item);
        // Two specs of one secret (`org:acme` and `org:acme:private`, or names in another case),
        // named with their lines; rotateKey refuses duplicate SecretTarget objects (options.ts).
        const identity = targetIdentity(spec);
        const earlier = specs.find((s) => targetIdentity(s.spec) === identity);
        if (earlier) throw new Error(`repeats the target ${formatTargetSpec(earlier.spec)} of line ${earlier.line}`);
        specs.push({ spec, line });
      } catch (error) {
        problems.push({ line, text: item, problem: (error as Error).message });
      }
    }
  });

  if (problems.length) throw new TargetSpecError(problems);
  if (specs.length) return specs.map((s) => s.spec);
  if (!options.defaultRepository) {
    throw new TargetSpecError([
      { line: 0, text: '', problem: `no target given and no current repository known: give targets as ${TARGET_SPEC_FORMS}` },
    ]);
  }
  try {
    return [parseOne(`repo:${options.defaultRepository}`)];
  } catch (error) {
    const problem = `the current repository "${options.defaultRepository}" is not OWNER/REPO (${(error as Error).message})`;
    throw new TargetSpecError([{ line: 0, text: options.defaultRepository, problem }]);
  }
}

/**
 * Splits a line on commas, keeping together what a comma cannot end: the repository list of
 * `org:ORG:selected:A,B`, and an environment name holding a comma (`env:o/r:a,b`). A piece joins
 * the item before it unless it starts a spec of its own.
 */
function groupItems(content: string): string[] {
  const items: string[] = [];
  for (const piece of content.split(',')) {
    const previous = items.at(-1);
    const startsSpec = KINDS.some((k) => piece.trimStart().startsWith(`${k}:`) || piece.trim() === k);
    if (!startsSpec && previous !== undefined && /^(?:(?:codespaces-)?org:[^:]*:selected:|env:|codespaces-user:)/.test(previous)) {
      items[items.length - 1] = `${previous},${piece}`;
    } else {
      items.push(piece.trimStart());
    }
  }
  return items.map((item) => item.trim()).filter(Boolean);
}

function parseOne(item: string): TargetSpec {
  const colon = item.indexOf(':');
  const kind = colon > 0 ? item.slice(0, colon) : item;
  const rest = colon > 0 ? item.slice(colon + 1) : '';
  switch (kind) {
    case 'repo':
    case 'dependabot':
    case 'codespaces': {
      const { owner, repo } = parseRepository(rest, `${kind}:OWNER/REPO, e.g. ${kind}:acme/web`);
      return { kind, owner, repo };
    }
    case 'env': {
      const sep = rest.indexOf(':');
      const environment = sep >= 0 ? rest.slice(sep + 1).trim() : '';
      const expected = 'env:OWNER/REPO:ENVIRONMENT, e.g. env:acme/web:production';
      if (sep < 0 || !environment) throw new Error(`expected ${expected}`);
      const problem = environmentProblem(environment);
      if (problem) throw new Error(problem);
      return { kind: 'env', ...parseRepository(rest.slice(0, sep), expected), environment };
    }
    case 'org':
    case 'codespaces-org':
      return parseOrg(kind, rest);
    case 'codespaces-user':
      return parseUser(colon > 0, rest);
    case 'gitlab':
    case 'gitlab-group':
      return parseGitLab(kind, rest);
    default:
      throw new Error(`not a target spec: expected ${TARGET_SPEC_FORMS}`);
  }
}

/** An environment name GitHub could hold: anything but control characters, at most 255 characters. */
function environmentProblem(environment: string): string | undefined {
  if (environment.length > 255) return 'an environment name has at most 255 characters';
  // Control characters never name an environment; anything else is taken as written.
  if (/\p{Cc}/u.test(environment)) return 'an environment name holds no control characters';
  return undefined;
}

function parseRepository(text: string, expected: string): { owner: string; repo: string } {
  const parts = text.trim().split('/');
  const [owner = '', repo = ''] = parts;
  if (parts.length !== 2 || !OWNER.test(owner) || !REPO.test(repo)) {
    // A trailing comment is no longer stripped (it could end an environment name): say where it goes.
    const comment = /\s#/.test(text) ? ' (a comment goes on a line of its own, starting with #)' : '';
    throw new Error(`expected ${expected}${comment}`);
  }
  return { owner, repo };
}

function parseOrg(kind: 'org' | 'codespaces-org', rest: string): TargetSpec {
  const expected = `${kind}:ORG, ${kind}:ORG:all, ${kind}:ORG:private or ${kind}:ORG:selected:REPO,REPO`;
  const [org = '', visibility, ...tail] = rest.split(':').map((p) => p.trim());
  if (!OWNER.test(org)) {
    const comment = /\s#/.test(rest) ? ' (a comment goes on a line of its own, starting with #)' : '';
    throw new Error(`expected ${expected}${comment}`);
  }
  if (visibility === undefined) return { kind, org };
  if (visibility === 'all' || visibility === 'private') {
    if (tail.length) throw new Error(`"${visibility}" takes no repository list: expected ${expected}`);
    return { kind, org, visibility };
  }
  if (visibility !== 'selected') throw new Error(`unknown visibility "${visibility}": expected ${expected}`);
  const repositories = tail
    .join(':')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      // `ORG/REPO` is accepted too, as long as it names a repository of that organization.
      const [first = '', second] = r.split('/');
      const name = second === undefined ? first : second;
      if ((second !== undefined && first.toLowerCase() !== org.toLowerCase()) || !REPO.test(name)) {
        throw new Error(`"${r}" is not a repository of ${org}: expected ${expected}`);
      }
      return name;
    });
  if (!repositories.length) throw new Error(`"selected" needs at least one repository: expected ${expected}`);
  return { kind, org, visibility, repositories };
}

/** `codespaces-user`, or `codespaces-user:OWNER/REPO,...`: the repositories the user's secret is for. */
function parseUser(listed: boolean, rest: string): TargetSpec {
  if (!listed) return { kind: 'codespaces-user' };
  const expected = 'codespaces-user or codespaces-user:OWNER/REPO,OWNER/REPO, e.g. codespaces-user:acme/web';
  const repositories = rest
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const { owner, repo } = parseRepository(r, expected);
      return `${owner}/${repo}`;
    });
  if (!repositories.length) throw new Error(`a repository list needs at least one repository: expected ${expected}`);
  return { kind: 'codespaces-user', repositories };
}

// GitLab namespace and project paths: letters, digits, `_`, `-`, `.`, not starting with `-` or `.`
// (https://docs.gitlab.com/user/reserved_names/), joined by `/`; or a numeric id.
const GITLAB_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/;
const GITLAB_ID = /^[1-9][0-9]{0,18}$/;

/** A GitLab project (`group/project`, subgroups allowed) or group path, or a numeric id. */
function gitlabPathProblem(kind: 'gitlab' | 'gitlab-group', path: unknown): string | undefined {
  const what = kind === 'gitlab' ? 'a project path (GROUP/PROJECT) or numeric id' : 'a group path (GROUP or GROUP/SUBGROUP) or numeric id';
  if (typeof path !== 'string' || !path) return `expected ${what}`;
  if (GITLAB_ID.test(path)) return undefined;
  const segments = path.split('/');
  if (kind === 'gitlab' && segments.length < 2) return `expected ${what}: "${path}" names no project (a project is GROUP/PROJECT)`;
  if (!segments.every((segment) => GITLAB_SEGMENT.test(segment))) return `expected ${what}, not "${path}"`;
  return undefined;
}

/** An environment scope GitLab could hold: `*`, a name, or a pattern with `*`; no control characters, at most 255. */
function environmentScopeProblem(scope: unknown): string | undefined {
  if (typeof scope !== 'string' || !scope.trim()) return 'an environment scope names an environment or a pattern (`*` for all)';
  if (scope !== scope.trim()) return 'an environment scope has no spaces at either end';
  if (scope.length > 255) return 'an environment scope has at most 255 characters';
  if (/\p{Cc}/u.test(scope)) return 'an environment scope holds no control characters';
  return undefined;
}

function parseGitLab(kind: 'gitlab' | 'gitlab-group', rest: string): GitLabTargetSpec {
  const sep = rest.indexOf(':');
  const path = (sep < 0 ? rest : rest.slice(0, sep)).trim();
  const scope = sep < 0 ? undefined : rest.slice(sep + 1).trim();
  const example = kind === 'gitlab' ? 'gitlab:GROUP/PROJECT[:ENV_SCOPE], e.g. gitlab:acme/web:production' : 'gitlab-group:GROUP[:ENV_SCOPE], e.g. gitlab-group:acme';
  const problem = gitlabPathProblem(kind, path) ?? (scope === undefined ? undefined : environmentScopeProblem(scope));
  if (problem) throw new Error(`${problem} (${example})`);
  const environmentScope = scope === undefined || scope === '*' ? {} : { environmentScope: scope };
  return kind === 'gitlab' ? { kind, project: path, ...environmentScope } : { kind, group: path, ...environmentScope };
}

/**
 * Parsed specs checked field by field by the parser's rules (a known kind, names GitHub accepts, a
 * repository list only with `selected`), and two specs of one secret refused: a TargetSpecError of
 * `option` naming each spec at fault by its position. The specs are used as given.
 */
export function checkTargetSpecs(specs: readonly TargetSpec[], option = 'targets'): void {
  const problems: TargetSpecError['problems'] = [];
  const seen = new Map<string, number>();
  specs.forEach((spec, index) => {
    let problem = specProblem(spec);
    if (!problem) {
      const identity = targetIdentity(spec);
      const earlier = seen.get(identity);
      if (earlier === undefined) seen.set(identity, index);
      else problem = `repeats the target of spec ${earlier + 1}`;
    }
    if (problem) problems.push({ line: 0, text: '', problem: `spec ${index + 1}${specLabel(spec)}: ${problem}` });
  });
  if (problems.length) throw new TargetSpecError(problems, option);
}

/** " (repo:acme/web)", as far as a malformed spec can be written. */
function specLabel(spec: TargetSpec): string {
  if (!(KINDS as readonly unknown[]).includes(spec?.kind)) return '';
  try {
    return ` (${formatTargetSpec(spec)})`;
  } catch {
    return '';
  }
}

/** What is wrong with one parsed spec's fields, if anything. */
function specProblem(spec: TargetSpec): string | undefined {
  const isName = (pattern: RegExp, value: unknown) => typeof value === 'string' && pattern.test(value);
  switch (spec?.kind) {
    case 'repo':
    case 'dependabot':
    case 'codespaces':
    case 'env':
      if (!isName(OWNER, spec.owner) || !isName(REPO, spec.repo)) return 'owner and repo must name a GitHub repository (OWNER/REPO)';
      if (spec.kind !== 'env') return undefined;
      if (typeof spec.environment !== 'string' || !spec.environment.trim()) return 'environment must name an environment';
      if (spec.environment !== spec.environment.trim()) return 'an environment name has no spaces at either end';
      return environmentProblem(spec.environment);
    case 'org':
    case 'codespaces-org': {
      if (!isName(OWNER, spec.org)) return 'org must name a GitHub organization';
      const { visibility, repositories } = spec;
      if (visibility !== undefined && !['all', 'private', 'selected'].includes(visibility)) return 'visibility must be all, private or selected';
      if (visibility !== 'selected') return repositories === undefined ? undefined : 'repositories are only for visibility "selected"';
      if (!Array.isArray(repositories) || !repositories.length) return '"selected" needs at least one repository';
      const bad = repositories.find((name) => !isName(REPO, name));
      return bad === undefined ? undefined : `repositories must be names of ${spec.org}'s repositories, not ${JSON.stringify(bad)}`;
    }
    case 'codespaces-user': {
      const { repositories } = spec;
      if (repositories === undefined) return undefined;
      const isFullName = (name: unknown) => {
        const [owner, repo, ...more] = typeof name === 'string' ? name.split('/') : [];
        return !more.length && isName(OWNER, owner) && isName(REPO, repo);
      };
      if (!Array.isArray(repositories) || !repositories.length) return 'repositories, when given, list at least one repository';
      const bad = repositories.find((name) => !isFullName(name));
      return bad === undefined ? undefined : `repositories must be OWNER/REPO names, not ${JSON.stringify(bad)}`;
    }
    case 'gitlab':
    case 'gitlab-group': {
      const problem = gitlabPathProblem(spec.kind, spec.kind === 'gitlab' ? spec.project : spec.group);
      if (problem) return problem;
      return spec.environmentScope === undefined ? undefined : environmentScopeProblem(spec.environmentScope);
    }
    default:
      return `not a target spec: kind must be one of ${KINDS.join(', ')}`;
  }
}

/** The canonical text of a spec, as reports and logs show it. */
export function formatTargetSpec(spec: TargetSpec): string {
  switch (spec.kind) {
    case 'repo':
    case 'dependabot':
    case 'codespaces':
      return `${spec.kind}:${spec.owner}/${spec.repo}`;
    case 'env':
      return `env:${spec.owner}/${spec.repo}:${spec.environment}`;
    case 'org':
    case 'codespaces-org':
      if (!spec.visibility) return `${spec.kind}:${spec.org}`;
      if (spec.visibility !== 'selected') return `${spec.kind}:${spec.org}:${spec.visibility}`;
      return `${spec.kind}:${spec.org}:selected:${(spec.repositories ?? []).join(',')}`;
    case 'codespaces-user':
      return spec.repositories ? `codespaces-user:${spec.repositories.join(',')}` : 'codespaces-user';
    case 'gitlab':
    case 'gitlab-group': {
      const scope = gitlabScope(spec);
      return `${spec.kind}:${spec.kind === 'gitlab' ? spec.project : spec.group}${scope === '*' ? '' : `:${scope}`}`;
    }
  }
}

/** A GitLab spec's environment scope: `*` (every environment) when left out. */
export function gitlabScope(spec: GitLabTargetSpec): string {
  return spec.environmentScope ?? '*';
}

/**
 * Which secret store a spec names, whatever its spelling: GitHub names (owners, repositories,
 * environments, organizations) are case-insensitive, and an organization secret is one secret
 * whatever its visibility or repository list. Used to derive the family and refuse duplicates.
 */
export function targetIdentity(spec: TargetSpec): string {
  switch (spec.kind) {
    case 'repo':
    case 'dependabot':
    case 'codespaces':
      return `${spec.kind}:${spec.owner}/${spec.repo}`.toLowerCase();
    case 'env':
      return `env:${spec.owner}/${spec.repo}:${spec.environment}`.toLowerCase();
    case 'org':
    case 'codespaces-org':
      return `${spec.kind}:${spec.org}`.toLowerCase();
    case 'codespaces-user':
      // One user per run: the token's.
      return 'codespaces-user';
    // GitLab paths are case-insensitive; an environment scope is not, and `*` is the scope left out.
    case 'gitlab':
      return `gitlab:${spec.project.toLowerCase()}:${gitlabScope(spec)}`;
    case 'gitlab-group':
      return `gitlab-group:${spec.group.toLowerCase()}:${gitlabScope(spec)}`;
  }
}

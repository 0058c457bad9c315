// What a run asks of GitHub, per owner: the App permission each request needs and the repositories
// it reaches (each target kind says what writing its secret needs: targets/kinds/). An installation
// token is minted with exactly these (installation-tokens.ts).
// The permission names are those of the installation token's `permissions` (GitHub's app-permissions),
// the ones GitHub reports in `x-accepted-github-permissions`:
// https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app
//   repository secrets (and their public key)  secrets            https://docs.github.com/rest/actions/secrets
//   environment secrets                        environments
//   Dependabot secrets of a repository         dependabot_secrets https://docs.github.com/rest/dependabot/secrets
//   organization secrets (and their repos)     organization_secrets
//   the target record (repository variables)   actions_variables  https://docs.github.com/rest/actions/variables
//   Codespaces secrets of a repository         codespaces_secrets https://docs.github.com/rest/codespaces/repository-secrets
//   an organization's Codespaces secrets       organization_codespaces_secrets
//   a user's Codespaces secrets: none; an installation token acts for no user, so check-options.ts
//   refuses the form with an App (https://docs.github.com/rest/codespaces/secrets)
//   a repository's id (org `selected:` names)  metadata: read, which every installation token has
//   secret-scanning alerts (leak/, read, resolve) secret_scanning_alerts https://docs.github.com/rest/secret-scanning/secret-scanning

export type PermissionLevel = 'read' | 'write';

/** One request's needs: where it lands and the permission it needs there. */
export interface GitHubNeed {
  /** The organization or user account the request lands in. */
  owner: string;
  permission: AppPermission;
  level: PermissionLevel;
  /** Repositories of `owner` the request reaches (none for an organization's own secrets). */
  repositories: readonly string[];
  /** An organization's own secrets: its installation is looked up as the organization's. */
  organization?: boolean;
}

export type AppPermission =
  | 'secrets'
  | 'environments'
  | 'dependabot_secrets'
  | 'organization_secrets'
  | 'actions_variables'
  | 'codespaces_secrets'
  | 'organization_codespaces_secrets'
  | 'secret_scanning_alerts';

/** Where each permission is granted, in the App's settings (Permissions & events). */
export const PERMISSION_SETTINGS: Readonly<Record<AppPermission, string>> = {
  secrets: 'Repository permissions > Secrets',
  environments: 'Repository permissions > Environments',
  dependabot_secrets: 'Repository permissions > Dependabot secrets',
  actions_variables: 'Repository permissions > Variables',
  organization_secrets: 'Organization permissions > Secrets',
  codespaces_secrets: 'Repository permissions > Codespaces secrets',
  organization_codespaces_secrets: 'Organization permissions > Codespaces secrets',
  secret_scanning_alerts: 'Repository permissions > Secret scanning alerts',
};

/** The target record: the variables of the repository running the workflow, read and written. */
export function recordNeed(repository: string): GitHubNeed {
  const [owner = '', repo = ''] = repository.split('/');
  return { owner, permission: 'actions_variables', level: 'write', repositories: [repo] };
}

/** Everything one owner's requests need: one installation token asks for exactly this. */
export class OwnerNeeds {
  readonly permissions = new Map<AppPermission, PermissionLevel>();
  /** Lower-cased name to the name as first given (GitHub's names are case-insensitive). */
  readonly #repositories = new Map<string, string>();
  organization = false;

  constructor(readonly owner: string) {}

  add(need: GitHubNeed): void {
    if (this.permissions.get(need.permission) !== 'write') this.permissions.set(need.permission, need.level);
    for (const repo of need.repositories) if (!this.#repositories.has(repo.toLowerCase())) this.#repositories.set(repo.toLowerCase(), repo);
    this.organization ||= need.organization === true;
  }

  get repositories(): string[] {
    return [...this.#repositories.values()];
  }

  /** The `permissions` of the token request. */
  tokenPermissions(): Record<string, PermissionLevel> {
    return Object.fromEntries([...this.permissions].sort(([a], [b]) => a.localeCompare(b)));
  }
}

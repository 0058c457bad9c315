// `codespaces-org:ORG[:all|private|selected:REPO,REPO]`: an organization's Codespaces secret
// (GitHub.com only), with the fields of an organization's Actions secret.
// https://docs.github.com/en/rest/codespaces/organization-secrets#create-or-update-an-organization-secret

import type { OrganizationSpec } from './org-secret-target.js';
import { organizationKind } from './organization-kind.js';

/** An organization's Codespaces secret; as `org`, no `visibility` keeps the existing secret's (`private` for a new secret). */
export type CodespacesOrgSpec = OrganizationSpec<'codespaces-org'>;

export const codespacesOrg = organizationKind({
  name: 'codespaces-org',
  collection: 'codespaces',
  permission: 'organization_codespaces_secrets',
  permissions:
    'a fine-grained token with the organization permission Codespaces secrets: write, a GitHub App with `organization_codespaces_secrets` write, or a classic token with the `admin:org` scope; the workflow GITHUB_TOKEN cannot write secrets',
  codespaces: true,
});

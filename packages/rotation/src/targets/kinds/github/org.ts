// `org:ORG[:all|private|selected:REPO,REPO]`: an organization's Actions secret.
// https://docs.github.com/en/rest/actions/secrets#create-or-update-an-organization-secret

import type { OrganizationSpec } from './org-secret-target.js';
import { organizationKind } from './organization-kind.js';

/** An organization's Actions secret; no `visibility` keeps the existing secret's (`private` for a new secret). */
export type OrgSpec = OrganizationSpec<'org'>;

export const org = organizationKind({
  name: 'org',
  collection: 'actions',
  permission: 'organization_secrets',
  permissions:
    'a fine-grained token with the organization permission Secrets: write, a GitHub App with `organization_secrets` write, or a classic token with the `admin:org` scope; the workflow GITHUB_TOKEN cannot write secrets',
});

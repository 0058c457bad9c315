// Where Codespaces secrets can be written, checked before anything is sent. GitHub Enterprise
// Server has no Codespaces (its REST root is https://HOST/api/v3:
// https://docs.github.com/enterprise-server@latest/rest/quickstart), nor has GHE.com
// (api.SUBDOMAIN.ghe.com):
// https://docs.github.com/enterprise-cloud@latest/admin/data-residency/feature-overview-for-github-enterprise-cloud-with-data-residency
// A user's secrets are the authenticated user's, and an App's installation token acts for no user.

import { OptionError } from '@keyturn/api';
import { formatTargetSpec, kindOf, type TargetSpec } from '../registry.js';

/** How the run reaches GitHub, as far as Codespaces cares: its API root, and whether it is an App. */
export interface GitHubReach {
  /** The API root; undefined is https://api.github.com. */
  baseUrl: string | undefined;
  app: boolean;
}

/** The server behind an API root that has no Codespaces, named by its host; undefined for GitHub.com (or an emulator of it). */
export function serverWithoutCodespaces(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined || !URL.canParse(baseUrl)) return undefined;
  const url = new URL(baseUrl);
  if (/\/api\/v3\/?$/.test(url.pathname)) return `GitHub Enterprise Server (${url.host})`;
  if (/\.ghe\.com$/i.test(url.hostname)) return `GHE.com (${url.host})`;
  return undefined;
}

/**
 * An OptionError of `option` for the first Codespaces spec the run cannot write (or, retired, read):
 * any of them on a server without Codespaces, one no App reaches (the user's) with a GitHub App.
 * Nothing has been sent.
 */
export function checkCodespacesReach(specs: readonly TargetSpec[], reach: GitHubReach, option: string): void {
  const codespaces = specs.filter((spec) => kindOf(spec).codespaces);
  if (!codespaces.length) return;
  const server = serverWithoutCodespaces(reach.baseUrl);
  if (server) {
    const named = codespaces.map(formatTargetSpec).join(', ');
    throw new OptionError(
      option,
      `${named}: ${server} has no Codespaces, so it has no Codespaces secrets to write. Remove the Codespaces targets from this run, ` +
        'or rotate them in a run against GitHub.com (https://api.github.com). Nothing was changed.',
    );
  }
  const refused = reach.app ? codespaces.find((spec) => kindOf(spec).appRefusal) : undefined;
  if (refused) throw new OptionError(option, `${formatTargetSpec(refused)}: ${kindOf(refused).appRefusal}. Nothing was changed.`);
}

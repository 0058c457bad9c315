// An inventory reads hundreds of listings: one at a time (GitHub: "make requests serially instead of
// concurrently") and spaced under GitHub's secondary limit of 900 points a minute for REST, a GET
// costing one point, so a long walk never trips it. The spacing is the client's write spacing's
// (write-spacing.ts) at the read interval; rate-limit answers are the client's to wait out.
// https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits

import { type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import { WriteSpacing } from '../github-client/write-spacing.js';

/** 900 points a minute: one GET every 67 ms at most. */
export const GITHUB_READ_INTERVAL_MS = Math.ceil(60_000 / 900);
/** GitLab.com: 2,000 authenticated API requests a minute (https://docs.gitlab.com/user/gitlab_com/#rate-limits-on-gitlabcom). */
export const GITLAB_READ_INTERVAL_MS = Math.ceil(60_000 / 2000);

/** The turn of the next read: every earlier read started, and the interval passed since the last. */
export function readPacing(
  intervalMs: number,
  runtime: Pick<Runtime, 'now' | 'sleep'> = systemRuntime,
  signal?: AbortSignal,
): () => Promise<void> {
  const spacing = new WriteSpacing(intervalMs, runtime, signal);
  return () => spacing.turn();
}

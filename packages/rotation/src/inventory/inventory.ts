// inventoryCopies: every copy of a secret in a GitHub organization and a GitLab group, joined with
// the target records (join.ts), resumable from a checkpoint (checkpoint.ts) and paced (read-pacing.ts).

import { type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import type { GitHubClient } from '../github-client/octokit.js';
import type { TargetRecord } from '../record/target-record.js';
import type { GitLabClient } from '../targets/gitlab/gitlab-client.js';
import { checkpointMismatch, type InventoryCheckpoint, newCheckpoint } from './checkpoint.js';
import { githubWalker } from './github-copies.js';
import { gitlabWalker } from './gitlab-copies.js';
import { type InventoriedCopy, joinCopiesWithRecords } from './join.js';
import { nameMatcher } from './name-match.js';
import { GITHUB_READ_INTERVAL_MS, GITLAB_READ_INTERVAL_MS, readPacing } from './read-pacing.js';
import type { UnreadableListing } from './secret-copy.js';
import { walk, type WalkProgress, type Walker } from './walk.js';

/** What inventoryCopies walks, what it looks for, and what it joins the copies with. */
export interface InventoryOptions {
  /** A GitHub organization and a client that can read its secrets (createGitHubClient's). */
  github?: { client: GitHubClient; org: string };
  /** A GitLab group and a client that can read its and its projects' variables. */
  gitlab?: { client: GitLabClient; group: string };
  /** Secret names or globs (`NEON*`), case-insensitive. */
  match: readonly string[];
  /** The records the copies are joined with (every record of the store: any family may name a copy). */
  records: readonly TargetRecord[];
  /** Where a cut run stopped (from `onCheckpoint`): the walk goes on from there. */
  checkpoint?: InventoryCheckpoint;
  /** Called with the checkpoint after every place listed; save it to resume a cut run. */
  onCheckpoint?: (checkpoint: InventoryCheckpoint) => Promise<void> | void;
  onProgress?: (progress: WalkProgress) => void;
  /** The clock and sleep of the pacing (a virtual one in the bench). */
  runtime?: Runtime;
  signal?: AbortSignal;
  /** Spacing of GitHub's reads, default GITHUB_READ_INTERVAL_MS (under the secondary limit). */
  githubReadIntervalMs?: number;
}

/** What inventoryCopies found: every copy, the unmanaged and the edited ones, the gaps. */
export interface InventoryReport {
  /** `github:ORG`, `gitlab:GROUP`. */
  sources: string[];
  match: string[];
  copies: InventoriedCopy[];
  /** Copies no record names. */
  unmanaged: InventoriedCopy[];
  /** Managed copies changed after their record's last write. */
  editedSince: InventoriedCopy[];
  unreadable: UnreadableListing[];
  /** Places listed (the organization or group, and each repository or project). */
  places: number;
  /** Requests made, resumed runs' included. */
  requests: number;
}

/** The sources `options` names, as checkpoints and reports name them. */
export function inventorySources(options: Pick<InventoryOptions, 'github' | 'gitlab'>): string[] {
  return [...(options.github ? [`github:${options.github.org}`] : []), ...(options.gitlab ? [`gitlab:${options.gitlab.group}`] : [])];
}

/**
 * Every copy of the secrets `match` names, with its `updated_at` (never a value), joined with the
 * records: managed, unmanaged, or changed since its record's last write. Listings the token cannot
 * read are reported in `unreadable`; any other failure throws, the checkpoint saved before it.
 */
export async function inventoryCopies(options: InventoryOptions): Promise<InventoryReport> {
  const sources = inventorySources(options);
  if (sources.length === 0) throw new TypeError('inventoryCopies needs a GitHub organization (github) or a GitLab group (gitlab)');
  const checkpoint = options.checkpoint ?? newCheckpoint(options.match, sources);
  const mismatch = checkpointMismatch(checkpoint, options.match, sources);
  if (mismatch) throw new TypeError(`The checkpoint ${mismatch}`);
  const matches = nameMatcher(options.match);
  const runtime = options.runtime ?? systemRuntime;
  const walkers: Walker[] = [];
  if (options.github) {
    const pace = readPacing(options.githubReadIntervalMs ?? GITHUB_READ_INTERVAL_MS, runtime, options.signal);
    walkers.push(githubWalker(options.github.client, options.github.org, matches, pace));
  }
  if (options.gitlab)
    walkers.push(
      gitlabWalker(options.gitlab.client, options.gitlab.group, matches, readPacing(GITLAB_READ_INTERVAL_MS, runtime, options.signal)),
    );
  for (const [index, walker] of walkers.entries()) {
    await walk(checkpoint.walks[index]!, walker, { saved: () => options.onCheckpoint?.(checkpoint), progress: options.onProgress });
  }
  const copies = joinCopiesWithRecords(
    checkpoint.walks.flatMap((w) => w.copies),
    options.records,
  );
  return {
    sources,
    match: [...options.match],
    copies,
    unmanaged: copies.filter((c) => c.families.length === 0),
    editedSince: copies.filter((c) => c.editedSince === true),
    unreadable: checkpoint.walks.flatMap((w) => w.unreadable),
    places: checkpoint.walks.reduce((n, w) => n + w.done, 0),
    requests: checkpoint.walks.reduce((n, w) => n + w.requests, 0),
  };
}

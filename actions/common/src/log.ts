// The Action log: durations as people read them, one fold per step, one line per HTTP request.

import * as core from '@actions/core';
import type { RequestEvent } from '@keyturn/api/toolkit';

// Durations as people read them in logs and summaries: 850 ms, 4.2 s, 3 min 5 s.

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return 'unknown';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

// One collapsible log group per step of an Action (`::group::` / `::endgroup::`), closed even when
// the step throws, so the error lands outside the fold where it is seen.

export async function inLogGroup<T>(title: string, step: () => Promise<T>): Promise<T> {
  core.startGroup(title);
  try {
    return await step();
  } finally {
    core.endGroup();
  }
}

// Folds a multi-step run into one log group per step: a line tagged with a new step closes the
// current group and opens the next, so request lines land in the step that made them.

export class StepGroups<Step extends string> {
  #current: Step | undefined;

  constructor(private readonly titles: Readonly<Record<Step, string>>) {}

  /** Opens the step's group unless it is the one already open. */
  enter(step: Step): void {
    if (step === this.#current) return;
    this.close();
    core.startGroup(this.titles[step]);
    this.#current = step;
  }

  /** Closes the open group, if any (call it before the final result, so that shows unfolded). */
  close(): void {
    if (this.#current === undefined) return;
    core.endGroup();
    this.#current = undefined;
  }
}

// One log line per HTTP request, in @keyturn/api's RequestEvent (the one event shape of the platform
// client and the rotation's GitHub client), so a slow or retried call is visible in the Action log.
// Events never hold a key. An answered request shows its status alone (the error text of the final
// failure goes to the step's ::error:: line); one that got no answer (connection lost, timed out)
// shows its error text, the only account of what happened.

/** `GET /api_keys -> 200 in 35 ms`, `POST /api_keys -> 503 in 12 ms (attempt 1), retrying in 500 ms`. */
export function formatRequestEvent(event: RequestEvent): string {
  const result = event.status !== undefined ? String(event.status) : (event.error ?? 'no response');
  const attempt = event.attempt > 1 || event.outcome === 'retry' ? ` (attempt ${event.attempt})` : '';
  let line = `${event.method} ${event.path} -> ${result} in ${formatDuration(event.durationMs)}${attempt}`;
  if (event.outcome === 'retry') {
    line += event.retryInMs !== undefined ? `, retrying in ${formatDuration(event.retryInMs)}` : ', retrying';
  }
  return line;
}

/** An `onRequest` handler for the platform client: each event as one log line. */
export function logRequestEvent(event: RequestEvent): void {
  core.info(formatRequestEvent(event));
}

/** An `onRequest` handler for rotation's GitHub client: `GitHub PUT /repos/o/r/actions/secrets/X -> 201 in 40 ms`. */
export function logGitHubRequest(event: RequestEvent): void {
  core.info(`GitHub ${formatRequestEvent(event)}`);
}

// One log line per request outcome of the platform client (its `onRequest` events), so a slow or
// retried call is visible in the Action log. Events never hold a key. An answered request shows its
// status alone (the error text of the final failure goes to the step's ::error:: line); one that got
// no answer (connection lost, timed out) shows its error text, the only account of what happened.

import * as core from '@actions/core';
import type { RequestEvent } from '@keyturn/api';
import { formatDuration } from './format-duration.js';

/** What any one HTTP exchange reports: the platform client's events and rotation's GitHub events. */
interface Exchange {
  method: string;
  path: string;
  status?: number;
  durationMs: number;
  error?: string;
}

function formatExchange(event: Exchange): string {
  const result = event.status !== undefined ? String(event.status) : (event.error ?? 'no response');
  return `${event.method} ${event.path} -> ${result} in ${formatDuration(event.durationMs)}`;
}

/** `GET /api_keys -> 200 in 35 ms`, `POST /api_keys -> 503 in 12 ms (attempt 1), retrying in 500 ms`. */
export function formatRequestEvent(event: RequestEvent): string {
  const attempt = event.attempt > 1 || event.outcome === 'retry' ? ` (attempt ${event.attempt})` : '';
  let line = `${formatExchange(event)}${attempt}`;
  if (event.outcome === 'retry') {
    line += event.retryInMs !== undefined ? `, retrying in ${formatDuration(event.retryInMs)}` : ', retrying';
  }
  return line;
}

/** An `onRequest` handler that writes each event as one log line. */
export function logRequestEvent(event: RequestEvent): void {
  core.info(formatRequestEvent(event));
}

/** An `onRequest` handler for rotation's GitHub client: `GitHub PUT /repos/o/r/actions/secrets/X -> 201 in 40 ms`. */
export function logGitHubRequest(event: Exchange): void {
  core.info(`GitHub ${formatExchange(event)}`);
}

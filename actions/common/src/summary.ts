// The job summary: a heading, one table, and a few lines of notes
// (https://docs.github.com/actions/reference/workflow-commands-for-github-actions#adding-a-job-summary).
// `core.summary` inserts cell text as raw HTML, so every value is escaped here.

import { accessSync, appendFileSync, constants } from 'node:fs';
import * as core from '@actions/core';

export interface JobSummary {
  title: string;
  headers: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
  /** Paragraphs under the table: warnings, what went wrong and what to do. */
  notes?: readonly string[];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sets the step's outputs, then writes its summary: what a run ends with, before any ::error::. */
export async function publishResult(outputs: Readonly<Record<string, string>>, summary: JobSummary): Promise<void> {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
  await writeJobSummary(summary);
}

/** Appends the summary to GITHUB_STEP_SUMMARY; a run outside a runner (no such file) writes none. */
export async function writeJobSummary(summary: JobSummary): Promise<void> {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  core.summary.addHeading(escapeHtml(summary.title), 2).addTable([
    // core.summary leaves an empty cell unclosed (`<th>`): give empty cells some content.
    summary.headers.map((header) => ({ data: escapeHtml(header) || '&#160;', header: true })),
    ...summary.rows.map((row) => row.map((cell) => escapeHtml(cell) || '-')),
  ]);
  for (const note of summary.notes ?? []) core.summary.addRaw(`<p>${escapeHtml(note)}</p>`, true);
  try {
    // What core.summary.write() does (check the runner's file, append, empty the buffer), written
    // synchronously as core.setOutput writes: its fs/promises write costs a run's start-up ~2 ms more.
    accessSync(file, constants.R_OK | constants.W_OK);
    appendFileSync(file, core.summary.stringify(), 'utf8');
    core.summary.emptyBuffer();
  } catch (error) {
    // A summary that cannot be written must not hide the step's own result.
    core.warning(`The job summary could not be written: ${(error as Error).message}`);
  }
}

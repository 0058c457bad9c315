// RESULTS.md is rendered from results.json (the latest measurement of each figure) and
// baseline.json (the "before" figures, saved by save-baseline.mjs before fixes are applied), so a
// single figure can be re-run alone without losing the others, and every re-run shows before/after.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeMachine } from './machine.mjs';
import { table } from './markdown.mjs';
import { benchDir } from './workspace.mjs';

const resultsJson = join(benchDir, 'results.json');
const baselineJson = join(benchDir, 'baseline.json');
const resultsMd = join(benchDir, 'RESULTS.md');
/** Sections measured by hand, not by a figure (the test command's time): each `*.md` here, by name, after the figures. */
const notesDir = join(benchDir, 'notes');

function readJson(file, fallback) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : fallback;
}

/** Stores one figure's outcome and re-renders RESULTS.md. */
export function recordFigure(figureId, outcome, order) {
  const results = readJson(resultsJson, { figures: {} });
  results.figures[figureId] = outcome;
  writeFileSync(resultsJson, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(resultsMd, render(results, readJson(baselineJson, undefined), order));
}

/** Freezes the current headline figures as "before", for the after-fix run to compare against. */
export function saveBaseline(label) {
  const results = readJson(resultsJson, { figures: {} });
  const values = {};
  for (const outcome of Object.values(results.figures)) {
    for (const h of outcome.headline ?? []) values[h.key] = { ...h, date: outcome.date };
  }
  writeFileSync(baselineJson, `${JSON.stringify({ label, values }, null, 2)}\n`);
}

export function rerender(order) {
  writeFileSync(resultsMd, render(readJson(resultsJson, { figures: {} }), readJson(baselineJson, undefined), order));
}

function render(results, baseline, order) {
  const parts = [
    '# keyturn benchmarks',
    '',
    'Written by `pnpm bench` (root: builds, then `node run-all.mjs` in `bench/`); do not edit by hand.',
    'Each figure can be re-run alone with the command under its title (after `pnpm build`); it then',
    "replaces only its own section. Requests are counted from the emulators' request logs, server side.",
    'Timings are medians of repeated runs on a shared 2-core machine: compare figures of the same run.',
    '',
  ];
  for (const id of order) {
    const outcome = results.figures[id];
    if (!outcome) continue;
    parts.push(`## ${outcome.title}`, '');
    parts.push(`Command: \`${outcome.command}\`  `);
    parts.push(`Machine: ${describeMachine(outcome.machine)}  `);
    parts.push(`Date: ${outcome.date} (revision ${outcome.revision}, took ${Math.round(outcome.tookMs / 1000)} s)`, '');
    parts.push(outcome.markdown.trim(), '');
  }
  parts.push(...renderBeforeAfter(results, baseline, order));
  parts.push(...renderNotes());
  return `${parts.join('\n').trim()}\n`;
}

function renderNotes() {
  if (!existsSync(notesDir)) return [];
  const names = readdirSync(notesDir)
    .filter((name) => name.endsWith('.md'))
    .sort();
  return names.flatMap((name) => [readFileSync(join(notesDir, name), 'utf8').trim(), '']);
}

function renderBeforeAfter(results, baseline, order) {
  const rows = [];
  for (const id of order) {
    for (const h of results.figures[id]?.headline ?? []) {
      const before = baseline?.values[h.key];
      rows.push([h.label, before ? format(before) : '—', format(h), before ? change(before.value, h.value) : '—']);
    }
  }
  if (rows.length === 0) return [];
  const intro = baseline
    ? `"Before" is ${baseline.label}. "Now" is the run above.`
    : 'No baseline saved yet (`node bench/save-baseline.mjs [label]` freezes the current figures as "before").';
  return ['## Before and after', '', intro, '', table(['figure', 'before', 'now', 'change'], rows), ''];
}

function format(h) {
  if (h.value === null || h.value === undefined) return 'n/a';
  const value = Number.isInteger(h.value) ? h.value : h.value.toFixed(1);
  return `${value} ${h.unit}`;
}

function change(before, now) {
  if (!Number.isFinite(before) || !Number.isFinite(now) || before === 0) return '—';
  const pct = ((now - before) / before) * 100;
  return `${pct > 0 ? '+' : ''}${pct.toFixed(0)}%`;
}

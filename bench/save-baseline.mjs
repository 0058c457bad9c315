// `node bench/save-baseline.mjs [label]`: freezes the figures now in results.json as "before"
// (baseline.json), so the run after a fix shows before and after side by side in RESULTS.md.

import { figureOrder } from './lib/figure.mjs';
import { rerender, saveBaseline } from './lib/results-file.mjs';

const label = process.argv[2] ?? `the run of ${new Date().toISOString().slice(0, 16)}Z`;
saveBaseline(label);
rerender(figureOrder);
console.log(`bench: baseline saved as "${label}"; see bench/RESULTS.md`);

#!/usr/bin/env node
// pnpm sim: random histories from seed S, S+1, ... until N are done or the budget is spent. Prints
// each failing seed with its trace (replay it with --seed S --histories 1), every history's trace
// with --trace, and the rate, histories per second on this one core.

import { parseArgs } from 'node:util';
import { countNoun } from '@keyturn/api/toolkit';
import { Coverage } from './coverage.js';
import { runHistory } from './history.js';

const USAGE = `usage: pnpm sim [--histories N] [--seed S] [--budget SECONDS] [--trace] [--coverage] [--no-rename] [--untimed]

  --histories N      how many histories to play (default 1000)
  --seed S           the first history's seed (default: drawn at random, and printed)
  --budget SECONDS   stop after this long, even before N histories (default 3600)
  --trace            print every history's trace, a passing one's too (a failing one's always is)
  --coverage         at the end, how many histories hit each of the rotation's code probes (and
                     whether the test command requires it), and played each target kind, mode
                     (normal, emergency, alert mode, dry run, the record in GitHub or GitLab, keep),
                     fault kind and crash point, and overlapping-run shape (two runs, three runs,
                     lease waits, takeovers, stand-downs, late writes landed), and each notice raised
  --no-rename        the model without renamed secrets, as seeds found before it replay
  --untimed          the model before the histories kept time (no rotate-every, revoke-after,
                     Vercel target nor dry run), as seeds found before it replay
  --help             this text

Replay one history with its trace: pnpm sim --seed 4029 --histories 1 --trace
What 10,000 histories reach: pnpm sim --coverage --histories 10000 --seed 1`;

/** The options, or the mistake to print with the usage: unknown or malformed ones are refused, never ignored. */
function readOptions(
  argv: string[],
):
  | { histories: number; seed: number; budgetMs: number; trace: boolean; coverage: boolean; rename: boolean; timed: boolean; help: boolean }
  | string {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        histories: { type: 'string' },
        seed: { type: 'string' },
        budget: { type: 'string' },
        trace: { type: 'boolean', default: false },
        coverage: { type: 'boolean', default: false },
        'no-rename': { type: 'boolean', default: false },
        untimed: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    return (error as Error).message;
  }
  const whole = (name: string, fallback: number) => {
    const text = values[name] as string | undefined;
    return text === undefined ? fallback : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  };
  const histories = whole('histories', 1000);
  const seed = whole('seed', Math.floor(Math.random() * 2 ** 31));
  const budget = whole('budget', 3600);
  if (!(histories > 0)) return `--histories must be a whole number of at least 1, not ${values.histories}`;
  if (!Number.isSafeInteger(seed)) return `--seed must be a whole number, not ${values.seed}`;
  if (!(budget > 0)) return `--budget must be a whole number of seconds, not ${values.budget}`;
  return {
    histories,
    seed,
    budgetMs: budget * 1000,
    trace: values.trace === true,
    coverage: values.coverage === true,
    rename: values['no-rename'] !== true,
    timed: values.untimed !== true,
    help: values.help === true,
  };
}

const options = readOptions(process.argv.slice(2));
if (typeof options === 'string' || options.help) {
  if (typeof options === 'string') console.error(`pnpm sim: ${options}\n`);
  (typeof options === 'string' ? console.error : console.log)(USAGE);
  process.exit(typeof options === 'string' ? 2 : 0);
}
const { histories, seed, budgetMs, trace, coverage, rename, timed } = options;
const covered = coverage ? new Coverage() : undefined;

console.log(`simulating up to ${countNoun(histories, 'history', 'histories')} from seed ${seed} (budget ${budgetMs / 1000} s)`);
const started = performance.now();
const cpuAtStart = process.cpuUsage();
let done = 0;
let failed = 0;
while (done < histories && performance.now() - started < budgetMs) {
  const result = await (covered
    ? covered.play(seed + done, { edits: { rename, timed } })
    : runHistory(seed + done, { edits: { rename, timed } }));
  done += 1;
  const replay = `pnpm sim --seed ${result.seed} --histories 1 --trace${rename ? '' : ' --no-rename'}${timed ? '' : ' --untimed'}`;
  if (result.violations.length) {
    failed += 1;
    console.log(`\nFAILED seed ${result.seed} (replay: ${replay}):`);
    for (const violation of result.violations) console.log(`  ${violation}`);
  } else if (trace) console.log(`\npassed seed ${result.seed}:`);
  if (result.violations.length || trace) console.log(result.trace.map((line) => `    ${line}`).join('\n'));
}
const seconds = (performance.now() - started) / 1000;
// CPU time as well as wall time: on a shared machine the wall clock counts other processes' turns.
const { user, system } = process.cpuUsage(cpuAtStart);
const cpuSeconds = (user + system) / 1e6;
console.log(
  `\n${countNoun(done, 'history', 'histories')} from seed ${seed}, ${failed} failed, ${seconds.toFixed(1)} s wall, ` +
    `${cpuSeconds.toFixed(1)} s CPU: ` +
    `${(done / seconds).toFixed(1)} histories/s wall, ${(done / cpuSeconds).toFixed(1)} histories/s per CPU-second (one core)`,
);
if (covered) console.log(`\n${covered.render()}`);
process.exitCode = failed ? 1 : 0;

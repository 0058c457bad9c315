// The main job's report: a line per step, a line per check, and the exit code they add up to.

import type { ActionRun } from '@keyturn/action-runner';

export class Report {
  #failures = 0;
  readonly #started = performance.now();

  heading(text: string): void {
    console.log(`\n${text}`);
  }

  line(text: string): void {
    console.log(`   ${text}`);
  }

  /** A check that must hold; a failed one makes the job exit 1. */
  check(ok: boolean, text: string): void {
    if (!ok) this.#failures += 1;
    console.log(`   ${ok ? 'ok  ' : 'FAIL'} ${text}`);
  }

  /** How an Action run ended, with its annotations; its whole log when it failed or when asked. */
  actionRun(name: string, run: ActionRun, ms: number, verbose: boolean): void {
    this.check(run.exitCode === 0, `${name} exited ${run.exitCode ?? run.signal} in ${(ms / 1000).toFixed(2)} s`);
    for (const a of run.annotations) this.line(`${a.level}: ${a.message.split('\n')[0]}`);
    if (verbose || run.exitCode !== 0) {
      console.log(indent(run.visibleStdout.trimEnd()));
      if (run.stderr.trim()) console.log(indent(run.stderr.trimEnd()));
    }
  }

  finish(): number {
    const seconds = ((performance.now() - this.#started) / 1000).toFixed(1);
    this.heading(
      this.#failures === 0
        ? `Main job passed in ${seconds} s: every check held.`
        : `Main job FAILED in ${seconds} s: ${this.#failures} check(s) did not hold.`,
    );
    return this.#failures === 0 ? 0 : 1;
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `      | ${l}`)
    .join('\n');
}

// Folds a multi-step run into one log group per step: a line tagged with a new step closes the
// current group and opens the next, so request lines land in the step that made them.

import * as core from '@actions/core';

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

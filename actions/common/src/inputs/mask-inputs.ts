// Masking comes first: `core.setSecret` makes the runner hide a value in every later log line
// (https://docs.github.com/actions/reference/workflow-commands-for-github-actions#masking-a-value-in-a-log).

import * as core from '@actions/core';

/** Masks the values of secret inputs (as the Action will use them) before any other line is written. */
export function maskSecretInputs(names: readonly string[]): void {
  for (const name of names) maskValue(core.getInput(name));
}

/** Masks one secret value; empty values are skipped (masking '' would hide nothing useful). */
export function maskValue(value: string): void {
  if (value !== '') core.setSecret(value);
}

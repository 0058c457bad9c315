// One collapsible log group per step of an Action (`::group::` / `::endgroup::`), closed even when
// the step throws, so the error lands outside the fold where it is seen.

import * as core from '@actions/core';

export async function inLogGroup<T>(title: string, step: () => Promise<T>): Promise<T> {
  core.startGroup(title);
  try {
    return await step();
  } finally {
    core.endGroup();
  }
}

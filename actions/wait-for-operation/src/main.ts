// wait-for-operation: read the inputs, wait with @keyturn/api, set the outputs, summarise, and fail
// the step (after the outputs are set) when an operation failed, the wait timed out, or an error
// stopped it: a later `if: failure()` step always finds `status` set.

import * as core from '@actions/core';
import type { WaitResult } from '@keyturn/api';
import {
  failureAnnotation,
  formatDuration,
  inLogGroup,
  maskSecretInputs,
  maskValue,
  publishResult,
  runnerProxyFetch,
} from '@keyturn/action-common';
import { readWaitInputs, SECRET_INPUTS, type WaitInputs } from './inputs.js';
import { inInputTerms } from './option-inputs.js';
import { errorOutputs, errorSummary, formatPollEvent, waitFailureMessage, waitOutputs, waitSummary } from './report.js';
import { countNoun } from '@keyturn/api/toolkit';

const FAILURE_HINTS = {
  NotFoundError: 'Check project-id and operation-ids: they must belong to the account of api-key.',
};

export async function run(): Promise<void> {
  let projectId: string | undefined;
  try {
    maskSecretInputs(SECRET_INPUTS);
    const inputs = readWaitInputs();
    projectId = inputs.projectId;
    const result = await waitForOperations(inputs);
    await publishResult(waitOutputs(result), waitSummary(inputs.projectId, result));
    const failure = waitFailureMessage(result, inputs.timeoutMs);
    if (failure) core.setFailed(failure);
    else core.info(`Done: ${countNoun(result.operations.length, 'operation')} finished in ${formatDuration(result.elapsedMs)}.`);
  } catch (error) {
    const message = failureAnnotation(inInputTerms(error, {}), FAILURE_HINTS);
    await publishResult(errorOutputs(), errorSummary(projectId, message));
    core.setFailed(message);
  }
}

async function waitForOperations(inputs: WaitInputs): Promise<WaitResult> {
  const fetch = await runnerProxyFetch({ origins: [inputs.client.baseUrl], log: core.info, mask: maskValue });
  const client = inputs.client.withOptions({ fetch });
  const ids = inputs.operationIds;
  const what = ids === 'pending' ? 'every pending operation' : countNoun(ids.length, 'operation');
  return inLogGroup(`Waiting for ${what} of project ${inputs.projectId}`, () =>
    client.operations.wait(inputs.projectId, {
      ids,
      intervalMs: inputs.intervalMs,
      timeoutMs: inputs.timeoutMs,
      onPoll: (event) => core.info(formatPollEvent(event)),
    }),
  );
}

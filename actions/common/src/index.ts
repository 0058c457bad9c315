// What the two Actions share, bundled into each dist/index.js from this TypeScript source: imported as
// `@keyturn/action-common` (the package's `exports`), never by relative path. Only what an Action
// imports is exported here. The value parsers both front ends share are @keyturn/api/values.

export { isEntryPoint } from './entry-point.js';
export { failureAnnotation } from './failure.js';
export {
  type CollectedInputs,
  collectInputs,
  InvalidInputsError,
  maskSecretInputs,
  maskValue,
  type ReadInputOptions,
  readInput,
} from './inputs/read.js';
export { formatDuration, inLogGroup, logGitHubRequest, logRequestEvent, StepGroups } from './log.js';
export { runnerProxyFetch } from './proxy/runner-proxy.js';
export { type JobSummary, publishResult } from './summary.js';

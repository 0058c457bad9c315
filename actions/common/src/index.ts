// What the two Actions share, bundled into each dist/index.js from this TypeScript source: imported as
// `@keyturn/action-common` (the package's `exports`), never by relative path. Only what an Action
// (or the CLI, which words refused values as they do) imports is exported here; the rest stays inside the modules.

export { isEntryPoint } from './entry-point.js';
export { failureAnnotation } from './failure.js';
export { parseOperationIds, parseProjectId } from './inputs/ids.js';
export {
  type CollectedInputs,
  collectInputs,
  InputError,
  InvalidInputsError,
  maskSecretInputs,
  maskValue,
  type ReadInputOptions,
  readInput,
} from './inputs/read.js';
export { optionMistake } from './inputs/option-mistake.js';
export { rejectedValue, withoutEchoes } from './inputs/refused-values.js';
export { parseBoolean, parseDuration, parseInteger, splitList, unique } from './inputs/values.js';
export { formatDuration, inLogGroup, logGitHubRequest, logRequestEvent, StepGroups } from './log.js';
export { runnerProxyFetch } from './proxy/runner-proxy.js';
export { type JobSummary, publishResult } from './summary.js';

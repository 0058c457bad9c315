// What both Actions share, bundled into each dist/index.js from this TypeScript source: imported as
// `@keyturn/action-common` (the package's `exports`), never by relative path.

export { isEntryPoint } from './entry-point.js';
export { type FailureHints, failureAnnotation } from './failure.js';
export { parseKeyIds, parseOperationIds, parseProjectId } from './inputs/ids.js';
export {
  type CollectedInputs,
  checkInputText,
  collectInputs,
  InputError,
  type InputTextOptions,
  InvalidInputsError,
  maskSecretInputs,
  maskValue,
  type ReadInputOptions,
  readInput,
  readInputText,
} from './inputs/read.js';
export { looksLikeCredential, rejectedValue, withoutEchoes } from './inputs/refused-values.js';
export {
  type DurationBounds,
  type IntegerBounds,
  parseApiUrl,
  parseBoolean,
  parseCredential,
  parseDuration,
  parseInteger,
  splitList,
  unique,
} from './inputs/values.js';
export { formatDuration, formatRequestEvent, inLogGroup, logGitHubRequest, logRequestEvent, StepGroups } from './log.js';
export { type RunnerProxyOptions, runnerProxyFetch } from './proxy/runner-proxy.js';
export { escapeHtml, type JobSummary, publishResult, writeJobSummary } from './summary.js';

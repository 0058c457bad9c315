// What both Actions share, bundled into each dist/index.js (imported by relative path).

export { failureAnnotation, type FailureHints } from './failure/failure-annotation.js';
export { parseApiUrl } from './inputs/api-url.js';
export { parseBoolean } from './inputs/boolean.js';
export { collectInputs, type CollectedInputs } from './inputs/collect-inputs.js';
export { parseCredential } from './inputs/credential.js';
export { type DurationBounds, parseDuration } from './inputs/duration.js';
export { InputError, InvalidInputsError } from './inputs/input-error.js';
export { type IntegerBounds, parseInteger } from './inputs/integer.js';
export { parseKeyIds } from './inputs/key-ids.js';
export { splitList, unique } from './inputs/list.js';
export { maskSecretInputs, maskValue } from './inputs/mask-inputs.js';
export { parseOperationIds } from './inputs/operation-ids.js';
export { parseProjectId } from './inputs/project-id.js';
export { looksLikeCredential, rejectedValue, withoutEchoes } from './inputs/rejected-value.js';
export {
  checkInputText,
  type InputTextOptions,
  type ReadInputOptions,
  readInput,
  readInputText,
} from './inputs/read-input.js';
export { type RunnerProxyOptions, runnerProxyFetch } from './proxy/runner-proxy.js';
export { formatDuration } from './log/format-duration.js';
export { inLogGroup } from './log/log-group.js';
export { StepGroups } from './log/step-groups.js';
export { formatRequestEvent, logGitHubRequest, logRequestEvent } from './log/request-events.js';
export { escapeHtml, type JobSummary, publishResult, writeJobSummary } from './summary/job-summary.js';

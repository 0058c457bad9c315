// Public API of @keyturn/api. Everything else is internal.
export { createClient, type PlatformClient } from './client.js';
export {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  type ErrorResponse,
  InvalidRequestError,
  KeyturnError,
  LockedError,
  NotFoundError,
  OptionError,
  PermissionDeniedError,
  RateLimitError,
  RedirectRefusedError,
  RequestAbortedError,
  ResponseShapeError,
  ServerError,
  TimeoutError,
} from './errors.js';
export { DEFAULT_BASE_URL, isLoopbackHost } from './internal/origin.js';
export { DEFAULT_RETRY_POLICY, type RetryOptions } from './internal/retry.js';
export { describeOperationFailure, describeWaitResult } from './operations/describe.js';
export {
  FAILURE_STATUSES,
  isFailureStatus,
  isFinalStatus,
  isSuccessStatus,
  SUCCESS_STATUSES,
} from './operations/status.js';
export type { PollEvent, WaitOptions, WaitResult } from './operations/wait.js';
export { type ClientOptions, DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT } from './options.js';
export type { CursorPaginator, FetchedPage } from './pagination.js';
export type { ApiKeys, CreateApiKeyParams } from './resources/api-keys.js';
export type { Operations, OperationsIterateParams, OperationsListParams } from './resources/operations.js';
export type { Projects, ProjectsIterateParams } from './resources/projects.js';
export type { RequestOptions } from './resources/request-options.js';
export type { RequestEvent } from './toolkit/request-event.js';
export type { Runtime } from './toolkit/runtime.js';
export type * from './types.js';
export { VERSION } from './version.js';

// Public API of @keyturn/api. Everything else is internal.
export { checkClientOptions, createClient, type PlatformClient } from './client.js';
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
export { describeOperationFailure, describeUnfinishedOperations, describeWaitResult } from './waiter/describe.js';
export {
  FAILURE_STATUSES,
  isFailureStatus,
  isFinalStatus,
  isSuccessStatus,
  SUCCESS_STATUSES,
} from './waiter/status.js';
export type { PollEvent, WaitOptions, WaitResult } from './waiter/wait.js';
export { type ClientOptions, DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT, type RetryOptions } from './options.js';
export type { Page, PagePromise } from './pagination.js';
export type { ApiKeys } from './resources/api-keys.js';
export type { Auth } from './resources/auth.js';
export type { Operations, OperationsListParams } from './resources/operations/operations.js';
export type { OrganizationApiKeys } from './resources/organization-api-keys.js';
export type { Organizations } from './resources/organizations.js';
export type { Projects, ProjectsListParams } from './resources/projects.js';
export type { HttpMethod, RawRequestOptions } from './resources/raw-request.js';
export type { RequestOptions } from './resources/request-options.js';
export type { RequestEvent } from './toolkit/request-event.js';
export type { Runtime } from './toolkit/runtime.js';
export type * from './types.js';
export { VERSION } from './version.js';

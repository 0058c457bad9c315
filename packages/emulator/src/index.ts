export { CONTROL_PREFIX, FetchRequest, HttpError, startHttpEmulator, toFetchRequest } from './core/http-server.js';
export type { EmulatorReply, EmulatorRequest, EmulatorTime, FetchHandler, HttpEmulator, Route, RouteHandler } from './core/http-server.js';
export type { FaultEffect, FaultSpec } from './core/faults.js';
export type { LoggedRequest } from './core/request-log.js';
export type { Exchange } from './core/exchange.js';
export { RESPONSE_SHAPES, SHAPE_ENV, UNKNOWN_FIELD } from './core/response-shape.js';
export type { ResponseShape } from './core/response-shape.js';
export { SUPPORTED_API_VERSIONS, USER_AGENT_REQUIRED } from './github/request-headers.js';
export { DEFAULT_OPERATION_TIMINGS, PLATFORM_API_PATH, startPlatformEmulator } from './platform/emulator.js';
export type { PlatformEmulator, PlatformEmulatorOptions } from './platform/emulator.js';
export type { AuthAnswer, AuthMisreport } from './platform/auth-answer.js';
export { InvalidInputError } from './platform/errors.js';
export type { PlatformBranch, PlatformEndpoint } from './platform/projects.js';
export type { BranchAnswer } from './platform/wire.js';
export type { RateLimitOptions } from './platform/rate-limit.js';
export type {
  CreatedKey,
  FinalOperationStatus,
  KeyKind,
  KeySummary,
  OperationSpec,
  OperationStatusExtra,
  OperationTimings,
  OrganizationRole,
  OrganizationSeed,
  PlatformOperation,
  PlatformOrganization,
  PlatformProject,
  PlatformUser,
} from './platform/types.js';
export { startGitHubEmulator } from './github/emulator.js';
export type { GitHubEmulator, GitHubEmulatorOptions } from './github/emulator.js';
export type { TokenPermission } from './github/auth.js';
export type {
  AppPermissionLevel,
  AppPermissions,
  GitHubAppCredentials,
  GitHubInstallation,
  InstallationOptions,
  MintedToken,
} from './github/apps.js';
export { INSTALLATION_TOKEN_LIFETIME_MS } from './github/apps.js';
export { JWT_CLOCK_SKEW_SECONDS, MAX_JWT_LIFETIME_SECONDS } from './github/app-jwt.js';
export { primaryRateLimitFault, secondaryRateLimitFault } from './github/rate-limit.js';
export type { RateLimitFaultOptions } from './github/rate-limit.js';
export type { OrgSecretVisibility } from './github/secret-store.js';
export { UnknownTargetError } from './github/state-api.js';
export type { GitHubAlertView, GitHubSecretMeta, GitHubStateApi, GitHubTarget, OrgSecretFields } from './github/state-api.js';
export type { AlertResolution, AlertState, RaiseAlertOptions } from './github/secret-scanning-alerts.js';
export type { StoredIssue } from './github/routes/issues.js';
export type { ReceivedWebhook } from './core/webhook-sink.js';
export { formatTargetRef, parseTargetRef } from './github/target-ref.js';
export type { GitHubTargetKind, GitHubTargetRef } from './github/target-ref.js';
export { GITLAB_API_PATH, startGitLabEmulator } from './gitlab/emulator.js';
export type { GitLabEmulator, GitLabEmulatorOptions } from './gitlab/emulator.js';
export type { GitLabStateApi, GitLabTokenAccess, GitLabVariableRef } from './gitlab/state-api.js';
export type { GitLabRateLimitFaultOptions } from './gitlab/rate-limit.js';
export type { GitLabRole, GitLabVariable } from './gitlab/world.js';
export { startVercelEmulator } from './vercel/emulator.js';
export type { VercelEmulator, VercelEmulatorOptions } from './vercel/emulator.js';
export type { VercelDeploymentView, VercelProjectRef, VercelStateApi, VercelTokenAccess } from './vercel/state-api.js';
export type { VercelRateLimitFaultOptions } from './vercel/rate-limit.js';
export type { VercelEnvironment, VercelEnvType, VercelEnvVar, VercelReadyState, VercelRole } from './vercel/world.js';

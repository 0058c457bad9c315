export { rotateKey } from './rotate-key.js';
export type { GitHubAccess, RotateKeyOptions } from './options.js';
export type { DryRunReport, PartialRotationReport, RotationPlan, RotationReport, RunReport } from './report.js';
export type { RotationLogEntry, RotationLogger, RotationStep } from './logger.js';
export { RotationError, type RotationErrorCode } from './errors.js';
export type { PlatformKey, RotationPlatformClient } from './platform.js';

export {
  formatTargetSpec,
  type OrgVisibility,
  type ParseTargetSpecsOptions,
  parseTargetSpecs,
  TARGET_SPEC_FORMS,
  type TargetSpec,
  TargetSpecError,
  targetIdentity,
} from './targets/spec.js';
export {
  type SecretMeta,
  type SecretTarget,
  TargetError,
  type TargetPublicKey,
  type WriteOptions,
} from './targets/secret-target.js';
export { createGitHubTarget } from './targets/github/index.js';
export { OrgSecretTarget } from './targets/github/org.js';
export { GitHubSecretTarget } from './targets/github/github-secret-target.js';
export {
  createGitHubClient,
  DEFAULT_GITHUB_API_URL,
  type GitHubClient,
  type GitHubClientOptions,
  type GitHubRequestEvent,
} from './github/octokit.js';

export { DEFAULT_SECRET_NAME, SecretNameError, validateSecretName } from './secret-name.js';
export {
  deriveFamily,
  FAMILY_MAX_LENGTH,
  FamilyError,
  isFamilyMember,
  KEY_NAME_MAX_LENGTH,
  makeKeyName,
  validateFamily,
} from './family.js';
export { SealError, sealSecret } from './seal.js';
export { githubTokenProblem, platformKeyProblem } from './credentials.js';
export type { RecordStore, TargetEntry, TargetRecord } from './record/target-record.js';

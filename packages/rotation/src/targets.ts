// Public API of `@keyturn/rotation/targets`: what a custom secret store implements (SecretTarget,
// TargetError), the target specs rotateKey reads, GitHub's stores and client, GitLab's variables and
// client, Vercel's environment variables and client, and the record store
// a caller may keep the target record in. index.test.ts pins every name.

export {
  type DeploymentRef,
  type PlainValueTarget,
  type RuntimeReach,
  type SealedSecretTarget,
  type SecretMeta,
  type SecretTarget,
  TargetError,
  type TargetErrorInit,
  type TargetPublicKey,
  type WriteOptions,
} from './targets/secret-target.js';
export { type ParseTargetSpecsOptions, parseTargetSpecs, TargetSpecError } from './targets/spec.js';
export {
  createGitHubTarget,
  createGitLabTarget,
  createVercelTarget,
  formatTargetSpec,
  type GitHubTargetSpec,
  type GitLabTargetSpec,
  type TargetSpec,
  type VercelTargetSpec,
} from './targets/kinds/registry.js';
export { createVercelClient, DEFAULT_VERCEL_API_URL, type VercelAccess, type VercelClient } from './targets/vercel/vercel-client.js';
export type { OrgVisibility } from './targets/kinds/github/org-secret-target.js';
export { createGitLabClient, DEFAULT_GITLAB_API_URL, type GitLabAccess, type GitLabClient } from './targets/gitlab/gitlab-client.js';
export { createGitHubClient, type GitHubClient, type GitHubClientOptions } from './github-client/octokit.js';
export type { LoadedRecords, RecordStore, TargetEntry, TargetRecord, UnreadableRecord } from './record/target-record.js';
export type { LeaseBackend } from './lease/lease-backend.js';
export { type LeaseText, leaseVariableName, writeLeaseText } from './lease/lease-text.js';
export { createGitHubRecordStore } from './record/github-record-store.js';
export { createGitLabRecordStore } from './record/gitlab-record-store.js';
export { recordedKeyIds } from './record/target-record.js';
export { revocationsDue } from './clock/deadlines.js';
export { RecordError } from './record/github-variables.js';

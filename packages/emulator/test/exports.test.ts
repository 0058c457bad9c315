// The emulator's public surface, pinned: every name its one entry point (`.`) exports, values and
// types, read by the TypeScript checker from the source entry point. Adding, renaming or dropping an
// export fails here, so it is a decision, made with the README in step.

import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as entry from '../src/index.js';

const ENTRY = fileURLToPath(new URL('../src/index.ts', import.meta.url));

const VALUES = [
  'CONTROL_PREFIX',
  'DEFAULT_OPERATION_TIMINGS',
  'FetchRequest',
  'GITLAB_API_PATH',
  'HttpError',
  'INSTALLATION_TOKEN_LIFETIME_MS',
  'InvalidInputError',
  'JWT_CLOCK_SKEW_SECONDS',
  'MAX_JWT_LIFETIME_SECONDS',
  'PLATFORM_API_PATH',
  'RESPONSE_SHAPES',
  'SHAPE_ENV',
  'SUPPORTED_API_VERSIONS',
  'UNKNOWN_FIELD',
  'USER_AGENT_REQUIRED',
  'UnknownTargetError',
  'formatTargetRef',
  'parseTargetRef',
  'primaryRateLimitFault',
  'secondaryRateLimitFault',
  'startGitHubEmulator',
  'startGitLabEmulator',
  'startHttpEmulator',
  'startPlatformEmulator',
  'startVercelEmulator',
  'toFetchRequest',
];

const TYPES = [
  'AlertResolution',
  'AlertState',
  'AppPermissionLevel',
  'AppPermissions',
  'AuthAnswer',
  'AuthMisreport',
  'BranchAnswer',
  'CreatedKey',
  'EmulatorReply',
  'EmulatorRequest',
  'EmulatorTime',
  'Exchange',
  'FaultEffect',
  'FaultSpec',
  'FetchHandler',
  'FinalOperationStatus',
  'GitHubAlertView',
  'GitHubAppCredentials',
  'GitHubEmulator',
  'GitHubEmulatorOptions',
  'GitHubInstallation',
  'GitHubSecretMeta',
  'GitHubStateApi',
  'GitHubTarget',
  'GitHubTargetKind',
  'GitHubTargetRef',
  'GitLabEmulator',
  'GitLabEmulatorOptions',
  'GitLabRateLimitFaultOptions',
  'GitLabRole',
  'GitLabStateApi',
  'GitLabTokenAccess',
  'GitLabVariable',
  'GitLabVariableRef',
  'HttpEmulator',
  'InstallationOptions',
  'KeyKind',
  'KeySummary',
  'LoggedRequest',
  'MintedToken',
  'OperationSpec',
  'OperationStatusExtra',
  'OperationTimings',
  'OrgSecretFields',
  'OrgSecretVisibility',
  'OrganizationRole',
  'OrganizationSeed',
  'PlatformBranch',
  'PlatformEmulator',
  'PlatformEmulatorOptions',
  'PlatformEndpoint',
  'PlatformOperation',
  'PlatformOrganization',
  'PlatformProject',
  'PlatformUser',
  'RaiseAlertOptions',
  'RateLimitFaultOptions',
  'RateLimitOptions',
  'ReceivedWebhook',
  'ResponseShape',
  'Route',
  'RouteHandler',
  'StoredIssue',
  'TokenPermission',
  'VercelDeploymentView',
  'VercelEmulator',
  'VercelEmulatorOptions',
  'VercelEnvType',
  'VercelEnvVar',
  'VercelEnvironment',
  'VercelProjectRef',
  'VercelRateLimitFaultOptions',
  'VercelReadyState',
  'VercelRole',
  'VercelStateApi',
  'VercelTokenAccess',
];

/** Every name the module at `file` exports, as the type checker sees it. */
function exportedNames(file: string): string[] {
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker.getExportsOfModule(symbol).map((s) => s.getName());
}

describe('the exports of @keyturn/emulator', () => {
  it('values: exactly these, at run time', () => {
    expect(Object.keys(entry).sort()).toEqual([...VALUES].sort());
  });

  it('values and types: exactly these, as the type checker reads the entry point', () => {
    expect(exportedNames(ENTRY).sort()).toEqual([...VALUES, ...TYPES].sort());
  });
});

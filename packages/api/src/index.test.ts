// The public API, pinned: every name each entry point exports, values and types. A rename or a lost
// export breaks the Actions, the rotation and users that import the built package; a new export
// must be a decision, made here.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';
import * as toolkit from './toolkit.js';

type TypeScript = typeof import('typescript');
const ts = createRequire(import.meta.url)('typescript') as TypeScript;

/** Every name `file` exports (types included), as the compiler sees it. */
function exportedNames(file: string): string[] {
  const path = fileURLToPath(new URL(file, import.meta.url));
  const program = ts.createProgram([path], { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(path);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error(`no module symbol for ${file}`);
  return checker.getExportsOfModule(symbol).map((s) => s.getName()).sort();
}

const API_VALUES = [
  'ApiError',
  'AuthenticationError',
  'ConflictError',
  'ConnectionError',
  'DEFAULT_BASE_URL',
  'DEFAULT_RETRY_POLICY',
  'DEFAULT_TIMEOUT_MS',
  'DEFAULT_USER_AGENT',
  'FAILURE_STATUSES',
  'InvalidRequestError',
  'KeyturnError',
  'LockedError',
  'NotFoundError',
  'OptionError',
  'PermissionDeniedError',
  'RateLimitError',
  'RedirectRefusedError',
  'RequestAbortedError',
  'ResponseShapeError',
  'SUCCESS_STATUSES',
  'ServerError',
  'TimeoutError',
  'VERSION',
  'createClient',
  'describeOperationFailure',
  'describeWaitResult',
  'isFailureStatus',
  'isFinalStatus',
  'isLoopbackHost',
  'isSuccessStatus',
];

const API_TYPES = [
  'ApiErrorInit',
  'ApiKey',
  'ApiKeyCreator',
  'ApiKeys',
  'ClientOptions',
  'CreateApiKeyParams',
  'CreatedApiKey',
  'CursorPaginator',
  'ErrorBody',
  'ErrorResponse',
  'FetchedPage',
  'Operation',
  'OperationAction',
  'OperationStatus',
  'Operations',
  'OperationsIterateParams',
  'OperationsListParams',
  'OperationsPage',
  'Pagination',
  'PlatformClient',
  'PollEvent',
  'Project',
  'Projects',
  'ProjectsIterateParams',
  'RequestEvent',
  'RequestOptions',
  'RetryOptions',
  'RevokedApiKey',
  'Runtime',
  'WaitOptions',
  'WaitResult',
];

const TOOLKIT_VALUES = [
  'SleepAborted',
  'githubTokenProblem',
  'linkSignals',
  'looksLikeCredential',
  'notifyHook',
  'platformKeyProblem',
  'redactCredentials',
  'systemRuntime',
];

const TOOLKIT_TYPES = ['AbortTimer', 'LinkedSignal', 'RequestEvent', 'Runtime'];

describe('public API', () => {
  it('`.` exports exactly these runtime names', () => {
    expect(Object.keys(api).sort()).toEqual(API_VALUES);
  });

  it('`./toolkit` exports exactly these runtime names', () => {
    expect(Object.keys(toolkit).sort()).toEqual(TOOLKIT_VALUES);
  });

  it('`.` and `./toolkit` export exactly these names, types included', { timeout: 60_000 }, () => {
    expect(exportedNames('./index.ts')).toEqual([...API_VALUES, ...API_TYPES].sort());
    expect(exportedNames('./toolkit.ts')).toEqual([...TOOLKIT_VALUES, ...TOOLKIT_TYPES].sort());
  });

  it('isLoopbackHost is the test the origin rules use for plain http', () => {
    expect(api.isLoopbackHost('127.0.0.1')).toBe(true);
    expect(api.isLoopbackHost('[::1]')).toBe(true);
    expect(api.isLoopbackHost('localhost')).toBe(true);
    expect(api.isLoopbackHost('console.neon.tech')).toBe(false);
    expect(() => api.createClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1/api/v2' })).not.toThrow();
    expect(() => api.createClient({ apiKey: 'k', baseUrl: 'http://10.0.0.1/api/v2' })).toThrow(/loopback/);
  });
});

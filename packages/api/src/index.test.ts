// The public API, pinned: every name each entry point exports, values and types. A rename or a lost
// export breaks the Actions, the rotation and users that import the built package; a new export
// must be a decision, made here.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';
import * as toolkit from './toolkit.js';
import * as values from './values.js';

type TypeScript = typeof import('typescript');
const ts = createRequire(import.meta.url)('typescript') as TypeScript;

/** Every name `file` exports (types included), as the compiler sees it, and those without TSDoc. */
function exportsOf(file: string): { names: string[]; undocumented: string[] } {
  const path = fileURLToPath(new URL(file, import.meta.url));
  const program = ts.createProgram([path], {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(path);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error(`no module symbol for ${file}`);
  const symbols = checker.getExportsOfModule(symbol);
  const declared = (s: import('typescript').Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  const undocumented = symbols.filter((s) => ts.displayPartsToString(declared(s).getDocumentationComment(checker)).trim() === '');
  return { names: symbols.map((s) => s.getName()).sort(), undocumented: undocumented.map((s) => s.getName()).sort() };
}

const API_VALUES = [
  'ApiError',
  'AuthenticationError',
  'ConflictError',
  'ConnectionError',
  'DEFAULT_BASE_URL',
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
  'checkClientOptions',
  'createClient',
  'describeOperationFailure',
  'describeUnfinishedOperations',
  'describeWaitResult',
  'isFailureStatus',
  'isFinalStatus',
  'isSuccessStatus',
];

const API_TYPES = [
  'ApiErrorInit',
  'ApiKey',
  'ApiKeyCreator',
  'ApiKeys',
  'Auth',
  'AuthDetails',
  'AuthMethod',
  'ClientOptions',
  'CreateApiKeyParams',
  'CreateOrganizationApiKeyParams',
  'CreatedApiKey',
  'CreatedOrganizationApiKey',
  'ErrorBody',
  'ErrorResponse',
  'HttpMethod',
  'Operation',
  'OperationAction',
  'OperationStatus',
  'Operations',
  'OperationsListParams',
  'OperationsPage',
  'OrganizationApiKey',
  'OrganizationApiKeys',
  'Organizations',
  'Page',
  'PagePromise',
  'Pagination',
  'PlatformClient',
  'PollEvent',
  'Project',
  'Projects',
  'ProjectsListParams',
  'RawRequestOptions',
  'RequestEvent',
  'RequestOptions',
  'RetryOptions',
  'RevokedApiKey',
  'RevokedOrganizationApiKey',
  'Runtime',
  'WaitOptions',
  'WaitResult',
];

const TOOLKIT_VALUES = [
  'RATE_LIMIT_RULES',
  'SleepAborted',
  'countNoun',
  'githubTokenProblem',
  'isLoopbackHost',
  'linkSignals',
  'looksLikeCredential',
  'notifyHook',
  'parseRetryAfter',
  'platformKeyProblem',
  'rateLimitWait',
  'redactCredentials',
  'runAttempts',
  'systemRuntime',
];

const TOOLKIT_TYPES = [
  'AbortTimer',
  'AttemptRules',
  'AttemptVerdict',
  'LinkedSignal',
  'RateLimitRules',
  'RateLimitWait',
  'RequestEvent',
  'Runtime',
];

const VALUES_VALUES = [
  'InputError',
  'optionMistake',
  'parseBoolean',
  'parseChoice',
  'parseDuration',
  'parseInteger',
  'parseKeyIds',
  'parseOperationIds',
  'parseProjectId',
  'rejectedValue',
  'splitList',
  'unique',
  'withoutEchoes',
];

describe('public API', () => {
  it('`.` exports exactly these runtime names', () => {
    expect(Object.keys(api).sort()).toEqual(API_VALUES);
  });

  it('`./toolkit` exports exactly these runtime names', () => {
    expect(Object.keys(toolkit).sort()).toEqual(TOOLKIT_VALUES);
  });

  it('`.` and `./toolkit` export exactly these names, types included, each with TSDoc', { timeout: 60_000 }, () => {
    const api = exportsOf('./index.ts');
    expect(api.names).toEqual([...API_VALUES, ...API_TYPES].sort());
    expect(api.undocumented).toEqual([]);
    const toolkit = exportsOf('./toolkit.ts');
    expect(toolkit.names).toEqual([...TOOLKIT_VALUES, ...TOOLKIT_TYPES].sort());
    expect(toolkit.undocumented).toEqual([]);
  });

  it('`./values` exports exactly these names, types included, each with TSDoc', { timeout: 60_000 }, () => {
    expect(Object.keys(values).sort()).toEqual(VALUES_VALUES);
    const entry = exportsOf('./values.ts');
    expect(entry.names).toEqual([...VALUES_VALUES, 'DurationBounds', 'IntegerBounds'].sort());
    expect(entry.undocumented).toEqual([]);
  });

  it('DEFAULT_BASE_URL is where a client without baseUrl sends its requests', () => {
    expect(api.createClient({ apiKey: 'k' }).baseUrl).toBe(api.DEFAULT_BASE_URL);
  });
});

// The inputs of rotate-key, as action.yml declares them (names and defaults are public interface:
// DESIGN.md "The Actions"). Each input's text is read into a value here (booleans, whole numbers,
// lists, target specs); every rule about the values is @keyturn/rotation's own
// (checkRotateKeyOptions), whose mistakes name an option, mapped here to the input to fix; the
// options its messages name are mapped here too (inInputWords). All are checked, and all mistakes
// reported at once, before the first request.

import { DEFAULT_BASE_URL, OptionError } from '@keyturn/api';
import { looksLikeCredential, type RequestEvent } from '@keyturn/api/toolkit';
import {
  checkRotateKeyOptions,
  DEFAULT_SECRET_NAME,
  type KeyKind,
  namePatternProblem,
  type OptionName,
  type RotateKeyOptions,
  renameOptions,
} from '@keyturn/rotation';
import { DEFAULT_GITLAB_API_URL, DEFAULT_VERCEL_API_URL, formatTargetSpec, parseTargetSpecs, type TargetSpec } from '@keyturn/rotation/targets';
import {
  InputError,
  InvalidInputsError,
  optionMistake,
  parseBoolean,
  parseDuration,
  parseInteger,
  type ReadInputOptions,
  readInput,
  rejectedValue,
  splitList,
} from '@keyturn/action-common';
import { parseKeyIds } from './key-ids.js';

/** Defaults, the same as action.yml's (a test holds them equal). */
export const DEFAULTS = {
  'api-url': DEFAULT_BASE_URL,
  'secret-name': DEFAULT_SECRET_NAME,
  keep: '1',
  'dry-run': 'false',
  'key-kind': 'personal',
  'rebuild-record': 'false',
  'gitlab-url': DEFAULT_GITLAB_API_URL,
  'vercel-url': DEFAULT_VERCEL_API_URL,
  'vercel-redeploy': 'true',
  'lease-wait': '11m',
  acknowledge: 'false',
} as const;

/** Longest `targets` (and `retire-targets`) list, in characters. */
const TARGET_LIST_LENGTH = 120_000;

// notify-url too: a webhook's URL is its credential (Slack's, Teams').
export const SECRET_INPUTS = ['api-key', 'github-token', 'managing-api-key', 'gitlab-token', 'vercel-token', 'issue-token', 'notify-url'] as const;

/** The values of key-kind, as rotateKey's `keyKind.kind` names them. */
const KEY_KINDS = ['personal', 'organization', 'project'] as const;
type KeyKindName = (typeof KEY_KINDS)[number];

/** The input behind each rotateKey option (as rotateKeyOptions below passes them); every option a message names has one. */
const INPUT_OF_OPTION: Readonly<Record<OptionName, string> & Record<string, string | undefined>> = {
  'platform.apiKey': 'api-key',
  'platform.baseUrl': 'api-url',
  'github.token': 'github-token',
  'github.appId': 'app-id',
  'github.privateKey': 'private-key',
  gitlab: 'gitlab-token',
  'gitlab.token': 'gitlab-token',
  'gitlab.apiUrl': 'gitlab-url',
  vercel: 'vercel-token',
  'vercel.token': 'vercel-token',
  'vercel.apiUrl': 'vercel-url',
  vercelRedeploy: 'vercel-redeploy',
  secretName: 'secret-name',
  targets: 'targets',
  retireTargets: 'retire-targets',
  family: 'key-name-prefix',
  keep: 'keep',
  revokeKeyIds: 'revoke-key-ids',
  dryRun: 'dry-run',
  keyKind: 'key-kind',
  'keyKind.kind': 'key-kind',
  'keyKind.orgId': 'org-id',
  'keyKind.projectId': 'project-id',
  managingApiKey: 'managing-api-key',
  rebuildRecord: 'rebuild-record',
  // leaked-key-id is checked here (a whole number); what the library refuses is the fingerprint.
  leakedKey: 'leaked-key-fingerprint',
  'alerts.scope': 'alert-scope',
  'alerts.secretType': 'alert-secret-type',
  'lease.waitMs': 'lease-wait',
  rotateEvery: 'rotate-every',
  revokeAfter: 'revoke-after',
  acknowledge: 'acknowledge',
  notifyUrl: 'notify-url',
  issueToken: 'issue-token',
};

export interface RotateInputs {
  apiKey: string;
  apiUrl: string;
  /** One way to reach GitHub: a token, or a GitHub App's id and private key (credentialMistake). */
  githubToken: string | undefined;
  appId: string | undefined;
  privateKey: string | undefined;
  /** GitLab, for gitlab: and gitlab-group: targets: an access token with the `api` scope, and the API root. */
  gitlabToken: string | undefined;
  gitlabUrl: string;
  /** Vercel, for vercel: targets: an access token, the API root, and whether production is redeployed. */
  vercelToken: string | undefined;
  vercelUrl: string;
  vercelRedeploy: boolean;
  secretName: string;
  targets: TargetSpec[];
  retireTargets: TargetSpec[];
  family: string | undefined;
  keep: number;
  revokeKeyIds: number[];
  dryRun: boolean;
  keyKind: KeyKindName;
  /** Empty inputs are undefined. */
  orgId: string | undefined;
  projectId: string | undefined;
  managingApiKey: string | undefined;
  rebuildRecord: boolean;
  /** An emergency rotation: the leaked key's id, or its fingerprint (at most one; empty inputs are undefined). */
  leakedKeyId: number | undefined;
  leakedKeyFingerprint: string | undefined;
  /** Answering secret-scanning alerts (alert mode): the custom pattern's secret type; undefined: a rotation. */
  alertSecretType: string | undefined;
  /** Whose alerts: `repo:OWNER/REPO` or `org:ORG`; undefined: the repository running the workflow. */
  alertScope: string | undefined;
  /** How long to wait for another run of the secret that holds its lease (README, "Concurrent rotations"). */
  leaseWaitMs: number;
  /** The GitHub organization whose copies of the secret the `inventory` output lists; undefined: none. */
  inventoryOrg: string | undefined;
  /** The names (globs) the inventory looks for; empty: secret-name. */
  inventoryMatch: string[];
  /** Rotation by the clock, as written (`7d`): the library reads the durations (empty inputs are undefined). */
  rotateEvery: string | undefined;
  revokeAfter: string | undefined;
  /** A stuck family (README, "A stuck family"): clear its mark, then rotate. */
  acknowledge: boolean;
  /** A stuck family: a Slack or Teams incoming webhook to post to; the token of its issue (default: the workflow's GITHUB_TOKEN). */
  notifyUrl: string | undefined;
  issueToken: string | undefined;
  /** Not an input: the repository running the workflow (GITHUB_REPOSITORY), which keeps the target record. */
  repository: string | undefined;
  /** Not an input: this workflow run's URL, which names the lease's holder to a run that waits for it. */
  runUrl: string | undefined;
  /** Not an input: the runner's GitHub API (GITHUB_API_URL; GitHub Enterprise Server's own). */
  githubApiUrl: string;
}

/** What the Action adds to each service's client: the runner's proxy, and a log line per request. */
export interface ServiceHooks {
  fetch?: typeof fetch;
  onPlatformRequest?: (event: RequestEvent) => void;
  onGitHubRequest?: (event: RequestEvent) => void;
  /** Each installation token a GitHub App's run mints (the Action masks it). */
  onGitHubToken?: (token: string) => void;
}

/** The input that sets a rotation option (`alerts.scope`: alert-scope), or undefined for none. */
export function inputOfOption(option: string): string | undefined {
  return INPUT_OF_OPTION[option];
}

/** A message of the rotation in the Action's words: each option it names (`revokeKeyIds`) as its input (revoke-key-ids). */
export function inInputWords(text: string): string {
  return renameOptions(text, (option) => INPUT_OF_OPTION[option]);
}

/** The inputs as rotateKey's options: each value passed through under its option's name. */
export function rotateKeyOptions(inputs: Partial<RotateInputs>, hooks: ServiceHooks = {}): RotateKeyOptions {
  return {
    platform: {
      apiKey: inputs.apiKey as string,
      baseUrl: inputs.apiUrl,
      userAgent: 'keyturn-rotate-key',
      onRequest: hooks.onPlatformRequest,
      fetch: hooks.fetch,
    },
    // The runner's GitHub API (GitHub Enterprise Server works), for the App's requests too.
    github:
      !inputs.githubToken && (inputs.appId || inputs.privateKey)
        ? {
            appId: inputs.appId as string,
            privateKey: inputs.privateKey as string,
            baseUrl: inputs.githubApiUrl,
            onToken: hooks.onGitHubToken,
            onRequest: hooks.onGitHubRequest,
            fetch: hooks.fetch,
          }
        : { token: inputs.githubToken as string, baseUrl: inputs.githubApiUrl, onRequest: hooks.onGitHubRequest, fetch: hooks.fetch },
    // GitLab only when a token is given: the library then says which targets need it.
    gitlab: inputs.gitlabToken ? { token: inputs.gitlabToken, apiUrl: inputs.gitlabUrl, fetch: hooks.fetch } : undefined,
    vercel: inputs.vercelToken ? { token: inputs.vercelToken, apiUrl: inputs.vercelUrl, fetch: hooks.fetch } : undefined,
    vercelRedeploy: inputs.vercelRedeploy,
    targets: inputs.targets,
    // The target record lives in the variables of the repository running the workflow; none outside one.
    record: inputs.repository ? { repository: inputs.repository } : undefined,
    retireTargets: inputs.retireTargets,
    secretName: inputs.secretName,
    family: inputs.family,
    keep: inputs.keep,
    revokeKeyIds: inputs.revokeKeyIds,
    rotateEvery: inputs.rotateEvery,
    revokeAfter: inputs.revokeAfter,
    acknowledge: inputs.acknowledge,
    notifyUrl: inputs.notifyUrl,
    issueToken: inputs.issueToken,
    runUrl: inputs.runUrl,
    dryRun: inputs.dryRun,
    keyKind: keyKindOption(inputs),
    managingApiKey: inputs.managingApiKey,
    rebuildRecord: inputs.rebuildRecord,
    leakedKey: leakedKeyOption(inputs),
    // Outside a workflow (a local run by hand) there is no record, so no lease: one run at a time by hand.
    lease: inputs.repository ? { waitMs: inputs.leaseWaitMs, holder: inputs.runUrl ?? 'a rotate-key run' } : false,
  };
}

/** leaked-key-id or leaked-key-fingerprint as rotateKey's leakedKey (readRotateInputs refuses both). */
function leakedKeyOption(inputs: Partial<RotateInputs>): RotateKeyOptions['leakedKey'] {
  if (inputs.leakedKeyId !== undefined) return { id: inputs.leakedKeyId };
  if (inputs.leakedKeyFingerprint !== undefined) return { fingerprint: inputs.leakedKeyFingerprint };
  return undefined;
}

/** key-kind, org-id and project-id as rotateKey's keyKind (the library checks the ids). */
function keyKindOption(inputs: Partial<RotateInputs>): KeyKind | undefined {
  const { orgId, projectId } = inputs;
  switch (inputs.keyKind) {
    case 'organization':
      return { kind: 'organization', orgId: orgId as string };
    case 'project':
      return { kind: 'project', orgId: orgId as string, projectId: projectId as string };
    default:
      return undefined;
  }
}

/** Reads every input; throws one InvalidInputsError naming each invalid input, before anything is sent. */
export function readRotateInputs(): RotateInputs {
  const errors: InputError[] = [];
  const texts: Record<string, string> = {};
  const read = <T>(name: string, parse: (name: string, text: string) => T, options: ReadInputOptions = {}): T | undefined => {
    try {
      return readInput(
        name,
        (input, text) => {
          texts[input] = text;
          return parse(input, text);
        },
        options,
      );
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      errors.push(error);
      return undefined;
    }
  };
  const inputs: Partial<RotateInputs> = {
    apiKey: read('api-key', asText, {
      required: true,
      hint: `pass the secret being rotated, e.g. api-key: \${{ secrets.${DEFAULT_SECRET_NAME} }}`,
    }),
    apiUrl: read('api-url', asText, { default: DEFAULTS['api-url'] }),
    githubToken: read('github-token', asText),
    appId: read('app-id', asText),
    privateKey: read('private-key', asText, { multiline: true, maxLength: 20_000 }),
    gitlabToken: read('gitlab-token', optionalText),
    gitlabUrl: read('gitlab-url', asText, { default: DEFAULTS['gitlab-url'] }),
    vercelToken: read('vercel-token', optionalText),
    vercelUrl: read('vercel-url', asText, { default: DEFAULTS['vercel-url'] }),
    vercelRedeploy: read('vercel-redeploy', parseBoolean, { default: DEFAULTS['vercel-redeploy'] }),
    secretName: read('secret-name', nameText, { default: DEFAULTS['secret-name'] }),
    // A family of 1,000 targets of long names (the record's budget): below the 128 KiB an environment variable holds on Linux.
    targets: read('targets', targetSpecs, { multiline: true, maxLength: TARGET_LIST_LENGTH }),
    retireTargets: read('retire-targets', targetSpecs, { multiline: true, maxLength: TARGET_LIST_LENGTH }),
    family: read('key-name-prefix', (name, text) => (text ? nameText(name, text) : undefined)),
    keep: read('keep', (name, text) => parseInteger(name, text), { default: DEFAULTS.keep }),
    revokeKeyIds: read('revoke-key-ids', parseKeyIds, { multiline: true, maxLength: 10_000 }),
    dryRun: read('dry-run', parseBoolean, { default: DEFAULTS['dry-run'] }),
    keyKind: read('key-kind', keyKindName, { default: DEFAULTS['key-kind'] }),
    orgId: read('org-id', optionalText),
    projectId: read('project-id', optionalText),
    managingApiKey: read('managing-api-key', optionalText),
    rebuildRecord: read('rebuild-record', parseBoolean, { default: DEFAULTS['rebuild-record'] }),
    leakedKeyId: read('leaked-key-id', (name, text) => (text ? parseInteger(name, text, { min: 1 }) : undefined)),
    leakedKeyFingerprint: read('leaked-key-fingerprint', optionalText),
    alertSecretType: read('alert-secret-type', optionalText),
    alertScope: read('alert-scope', optionalText),
    rotateEvery: read('rotate-every', optionalText),
    revokeAfter: read('revoke-after', optionalText),
    acknowledge: read('acknowledge', parseBoolean, { default: DEFAULTS.acknowledge }),
    notifyUrl: read('notify-url', optionalText),
    issueToken: read('issue-token', optionalText),
    leaseWaitMs: read('lease-wait', (name, text) => parseDuration(name, text, { minMs: 0 }), { default: DEFAULTS['lease-wait'] }),
    inventoryOrg: read('inventory-org', organizationLogin),
    inventoryMatch: read('inventory-match', namePatterns, { multiline: true, maxLength: 10_000 }),
    ...fromRunner(),
  };
  errors.push(...inventoryMistakes(inputs));
  errors.push(...alertModeMistakes(inputs));
  if (inputs.leakedKeyId !== undefined && inputs.leakedKeyFingerprint !== undefined) {
    errors.push(new InputError('leaked-key-fingerprint', 'and leaked-key-id are both given: name the leaked key one way, by its id or by its fingerprint, and remove the other'));
  }
  // An id given for a kind that does not use it is a mistake, not something to ignore.
  if (inputs.keyKind) {
    for (const { input, given, usedBy } of [
      { input: 'org-id', given: inputs.orgId, usedBy: ['organization', 'project'] },
      { input: 'project-id', given: inputs.projectId, usedBy: ['project'] },
    ]) {
      if (given !== undefined && !usedBy.includes(inputs.keyKind)) {
        errors.push(
          new InputError(input, `is given, but key-kind is ${inputs.keyKind}, which does not use it: ${input} is for key-kind ${usedBy.join(' or ')}. Set key-kind, or remove ${input}`),
        );
      }
    }
  }
  // The key's age is the record's word, and the record is kept in the repository running the workflow.
  if (inputs.rotateEvery !== undefined && !inputs.repository) {
    errors.push(new InputError('rotate-every', 'needs the target record, kept in the repository running the workflow (GITHUB_REPOSITORY): run it in a workflow, or remove rotate-every'));
  }
  const credential = credentialMistake(inputs, new Set(errors.map((e) => e.input)));
  if (credential) errors.push(credential);
  // The library's rules, for the inputs whose text could be read; one error per input.
  const failed = new Set(errors.map((e) => e.input));
  for (const mistake of checkRotateKeyOptions(rotateKeyOptions(inputs))) {
    const input = INPUT_OF_OPTION[mistake.option];
    if (input === undefined) throw mistake;
    if (failed.has(input)) continue;
    failed.add(input);
    // managing-api-key holds a key: that its value looks like one says nothing (and is never quoted);
    // a leaked key's value pasted as its fingerprint is masked (main.ts) and never quoted either.
    const quiet = input === 'managing-api-key' || input === 'leaked-key-fingerprint';
    errors.push(optionMistake(input, mistake, quiet ? '' : (texts[input] ?? '')));
  }
  if (errors.length) throw new InvalidInputsError(errors);
  return inputs as RotateInputs;
}

/** Alert mode answers alerts on a schedule: what only a rotation run by hand takes is refused with it. */
/** An organization login, or undefined for an empty input. */
function organizationLogin(name: string, text: string): string | undefined {
  if (!text) return undefined;
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/.test(text)) throw new InputError(name, `is ${rejectedValue(text)}, not a GitHub organization login (letters, digits and hyphens, e.g. acme)`);
  return text;
}

/** Secret names or globs (NEON*), one a line or comma-separated. */
function namePatterns(name: string, text: string): string[] {
  const patterns = splitList(text);
  const problem = patterns.map(namePatternProblem).find(Boolean);
  if (problem) throw new InputError(name, problem);
  return patterns;
}

/** The inventory reads with a token (an App's installation tokens reach one owner each), and only in a rotation. */
function inventoryMistakes(inputs: Partial<RotateInputs>): InputError[] {
  const mistakes: InputError[] = [];
  if (inputs.inventoryMatch?.length && !inputs.inventoryOrg) mistakes.push(new InputError('inventory-match', 'is given without inventory-org: name the organization to inventory, or remove inventory-match'));
  if (!inputs.inventoryOrg) return mistakes;
  if (!inputs.githubToken) mistakes.push(new InputError('inventory-org', 'needs github-token: a token that can read the secrets of the organization and its repositories (a GitHub App is not used for the inventory)'));
  if (inputs.alertSecretType !== undefined) mistakes.push(new InputError('inventory-org', 'is given with alert-secret-type: the inventory follows a rotation; remove one'));
  return mistakes;
}

function alertModeMistakes(inputs: Partial<RotateInputs>): InputError[] {
  if (inputs.alertSecretType === undefined) {
    return inputs.alertScope === undefined ? [] : [new InputError('alert-scope', 'is given without alert-secret-type: set alert-secret-type to answer the alerts of your custom pattern, or remove alert-scope')];
  }
  const mistakes: InputError[] = [];
  if (!/^\S{1,255}$/.test(inputs.alertSecretType)) {
    mistakes.push(new InputError('alert-secret-type', "must be the custom pattern's secret type as GitHub names it (no spaces)"));
  }
  for (const [input, given] of [
    ['leaked-key-id', inputs.leakedKeyId !== undefined],
    ['leaked-key-fingerprint', inputs.leakedKeyFingerprint !== undefined],
    ['dry-run', inputs.dryRun === true],
  ] as const) {
    if (given) mistakes.push(new InputError(input, `is given with alert-secret-type: answering alerts finds the leaked key itself and acts on it. Remove ${input}, or alert-secret-type to rotate by hand`));
  }
  if (!inputs.repository) mistakes.push(new InputError('alert-secret-type', 'needs the target record, kept in the repository running the workflow (GITHUB_REPOSITORY): run it in a workflow'));
  return mistakes;
}

/** What the runner's environment says: the library reads none, so the Action passes these on. */
function fromRunner(): Pick<RotateInputs, 'repository' | 'githubApiUrl' | 'runUrl'> {
  const { GITHUB_REPOSITORY: repository, GITHUB_SERVER_URL: server = 'https://github.com', GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: attempt } = process.env;
  return {
    repository: repository || undefined,
    githubApiUrl: process.env.GITHUB_API_URL || 'https://api.github.com',
    runUrl: repository && runId ? `${server}/${repository}/actions/runs/${runId}${attempt && attempt !== '1' ? `/attempts/${attempt}` : ''}` : undefined,
  };
}

/**
 * GitHub is reached one way: github-token, or app-id with private-key. Both, neither or half of
 * the pair is an error naming the inputs (unless one of them was already refused).
 */
function credentialMistake(inputs: Partial<RotateInputs>, failed: ReadonlySet<string>): InputError | undefined {
  if (['github-token', 'app-id', 'private-key'].some((name) => failed.has(name))) return undefined;
  const { githubToken, appId, privateKey } = inputs;
  if (githubToken && (appId || privateKey)) {
    const app = [appId && 'app-id', privateKey && 'private-key'].filter(Boolean).join(' and ');
    return new InputError('github-token', `and ${app} are both given: reach GitHub one way, github-token or app-id with private-key, and remove the other`);
  }
  if (githubToken) return undefined;
  if (appId && !privateKey) {
    return new InputError('private-key', `is required with app-id: pass the App's private key, e.g. private-key: \${{ secrets.ROTATION_APP_PRIVATE_KEY }}`);
  }
  if (privateKey && !appId) {
    return new InputError('app-id', `is required with private-key: pass the App's id (App settings > General > App ID), e.g. app-id: \${{ vars.ROTATION_APP_ID }}`);
  }
  if (appId) return undefined;
  return new InputError(
    'github-token',
    `is required unless app-id and private-key are given: pass a token that can write secrets (GITHUB_TOKEN cannot), e.g. github-token: \${{ secrets.SECRETS_WRITE_TOKEN }}, or a GitHub App's app-id and private-key`,
  );
}

function asText(_name: string, text: string): string {
  return text;
}

function optionalText(_name: string, text: string): string | undefined {
  return text || undefined;
}

function keyKindName(name: string, text: string): KeyKindName {
  if (!KEY_KINDS.includes(text as KeyKindName)) throw new InputError(name, `must be one of ${KEY_KINDS.join(', ')}, not ${looksLikeCredential(text) ? rejectedValue(text) : JSON.stringify(text)}`);
  return text as KeyKindName;
}

/** A name (secret, key prefix) is logged once accepted, so a value shaped like a key is refused first. */
function nameText(name: string, text: string): string {
  if (looksLikeCredential(text)) throw new InputError(name, `is ${rejectedValue(text)}, not a name`);
  return text;
}

/** Target specs, parsed once by the library; empty means the current repository, or none for retire-targets. */
function targetSpecs(name: string, text: string): TargetSpec[] {
  if (name === 'retire-targets' && !text) return [];
  let specs: TargetSpec[];
  try {
    const defaultRepository = name === 'targets' ? fromRunner().repository : undefined;
    specs = parseTargetSpecs(text, { defaultRepository });
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    throw optionMistake(name, error, text);
  }
  // Target names reach request paths, logs and outputs: one shaped like a key was pasted by mistake.
  const pasted = specs.map(formatTargetSpec).findIndex(looksLikeCredential);
  if (pasted >= 0) {
    throw new InputError(name, `target ${pasted + 1} is ${rejectedValue(formatTargetSpec(specs[pasted]!))}: a target names a repository, environment or organization`);
  }
  return specs;
}


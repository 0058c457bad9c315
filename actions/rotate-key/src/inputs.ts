// The inputs of rotate-key, as action.yml declares them (names and defaults are public interface).
// Which inputs there are, their defaults and what each reads into come from the option catalogue
// (@keyturn/rotation/catalogue): each input's text is read by its option's type, and the values go
// to rotateKey's options by the catalogue's paths. Every rule about the values, across inputs too,
// is the library's (checkRotateKeyOptions), whose mistakes name an option, said here as the input
// that set it (inInputWords). All are checked, and all mistakes reported at once, before the first request.

import { OptionError } from '@keyturn/api';
import type { RequestEvent } from '@keyturn/api/toolkit';
import {
  InputError,
  optionMistake,
  parseBoolean,
  parseChoice,
  parseDuration,
  parseInteger,
  parseKeyIds,
  rejectedValue,
  splitList,
} from '@keyturn/api/values';
import {
  checkRotateKeyOptions,
  DEFAULT_SECRET_NAME,
  namePatternProblem,
  type PlatformAccess,
  type RotateKeyOptions,
  renameOptions,
} from '@keyturn/rotation';
import { type CatalogueName, type CatalogueOption, catalogueOptions, type OptionType } from '@keyturn/rotation/catalogue';
import { optionsFromValues } from '@keyturn/rotation/catalogue';
import { parseTargetSpecs, type TargetSpec } from '@keyturn/rotation/targets';
import { InvalidInputsError, type ReadInputOptions, readInput } from '@keyturn/action-common';

/** The catalogue's options the Action takes, each with its input, in action.yml's order. */
const INPUTS = catalogueOptions().filter((option): option is Input => option.input !== undefined);
type Input = CatalogueOption & { name: CatalogueName; input: string };

/** Longest `targets` (and `retire-targets`) list, in characters. */
const TARGET_LIST_LENGTH = 120_000;

/** How each type of input is read: its parser, and what its text may hold. */
const READERS: Record<OptionType, { parse: (name: string, text: string, option: CatalogueOption) => unknown; read?: ReadInputOptions }> = {
  text: { parse: optionalText },
  secret: { parse: optionalText },
  pem: { parse: optionalText, read: { multiline: true, maxLength: 20_000 } },
  clock: { parse: optionalText },
  boolean: { parse: parseBoolean },
  integer: { parse: (name, text, option) => (text ? parseInteger(name, text, { min: option.min }) : undefined) },
  duration: { parse: (name, text) => parseDuration(name, text, { minMs: 0 }) },
  choice: { parse: (name, text, option) => parseChoice(name, text, option.choices ?? []) },
  // A family of 1,000 targets of long names (the record's budget): below the 128 KiB an environment variable holds on Linux.
  targets: { parse: targetSpecs, read: { multiline: true, maxLength: TARGET_LIST_LENGTH } },
  'key-ids': { parse: parseKeyIds, read: { multiline: true, maxLength: 10_000 } },
  login: { parse: organizationLogin },
  names: { parse: namePatterns, read: { multiline: true, maxLength: 10_000 } },
};

/** The inputs that must be given, with how. */
const REQUIRED: Readonly<Record<string, string>> = {
  'api-key': `pass the secret being rotated, e.g. api-key: \${{ secrets.${DEFAULT_SECRET_NAME} }}`,
};

/** Inputs masked before anything is read. The App's private key is masked line by line (private-key-mask.ts). */
export const SECRET_INPUTS = INPUTS.filter((option) => option.type === 'secret').map((option) => option.input);

/** managing-api-key holds a key, and a leaked key's value may be pasted as its fingerprint: their text is never quoted. */
const NEVER_QUOTED = new Set(['managing-api-key', 'leaked-key-fingerprint']);

/** The input behind each option the library's messages name (`alerts.scope`: alert-scope). */
const INPUT_OF_OPTION: ReadonlyMap<string, string> = new Map(
  INPUTS.flatMap((o) => [o.path, ...(o.aliases ?? [])].flatMap((path) => (path ? [[path, o.input] as const] : []))),
);

export interface RotateInputs {
  /** rotateKey's options as the inputs set them; rotateKeyOptions adds the Action's hooks. */
  options: RotateKeyOptions;
  apiUrl: string;
  githubToken: string | undefined;
  secretName: string;
  /** Answering secret-scanning alerts (alert mode): the custom pattern's secret type; undefined: a rotation. */
  alertSecretType: string | undefined;
  /** Whose alerts: `repo:OWNER/REPO` or `org:ORG`; undefined: the repository running the workflow. */
  alertScope: string | undefined;
  /** The GitHub organization whose copies of the secret the `inventory` output lists; undefined: none. */
  inventoryOrg: string | undefined;
  /** The names (globs) the inventory looks for; empty: secret-name. */
  inventoryMatch: string[];
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
  return INPUT_OF_OPTION.get(option);
}

/** A message of the rotation in the Action's words: each option it names (`revokeKeyIds`) as its input (revoke-key-ids). */
export function inInputWords(text: string): string {
  return renameOptions(text, inputOfOption);
}

/** The inputs' options with the Action's hooks, the runner's GitHub API, the record and the lease. */
export function rotateKeyOptions(inputs: RotateInputs, hooks: ServiceHooks = {}): RotateKeyOptions {
  const { platform, github, gitlab, vercel, lease } = inputs.options;
  const githubHooks = { baseUrl: inputs.githubApiUrl, onRequest: hooks.onGitHubRequest, fetch: hooks.fetch };
  return {
    ...inputs.options,
    platform: { ...platform, userAgent: 'keyturn-rotate-key', onRequest: hooks.onPlatformRequest, fetch: hooks.fetch } as PlatformAccess,
    // The runner's GitHub API (GitHub Enterprise Server works), for the App's requests too.
    github: github && ('appId' in github ? { ...github, ...githubHooks, onToken: hooks.onGitHubToken } : { ...github, ...githubHooks }),
    gitlab: gitlab && { ...gitlab, fetch: hooks.fetch },
    vercel: vercel && { ...vercel, fetch: hooks.fetch },
    // The target record lives in the variables of the repository running the workflow; none outside one.
    record: inputs.repository ? { repository: inputs.repository } : undefined,
    // Outside a workflow (a local run by hand) there is no record, so no lease: one run at a time by hand.
    lease: inputs.repository ? { ...(lease || {}), holder: inputs.runUrl ?? 'a rotate-key run' } : false,
    // Kept in a stuck mark, and named by its issue.
    runUrl: inputs.runUrl,
  };
}

/** Reads every input; throws one InvalidInputsError naming each invalid input, before anything is sent. */
export function readRotateInputs(): RotateInputs {
  const errors: InputError[] = [];
  const texts: Record<string, string> = {};
  const values: Partial<Record<CatalogueName, unknown>> = {};
  const runner = fromRunner();
  for (const option of INPUTS) {
    const reader = READERS[option.type];
    const hint = REQUIRED[option.input];
    // A default the runner evaluates (`${{ github.token }}`) is the runner's to give, never read as text;
    // one a local runner passes unevaluated (@github/local-action) is no value at all.
    const expression = option.default?.startsWith('${{') ? option.default : undefined;
    const fallback = expression ? undefined : option.default;
    const read = { ...reader.read, default: fallback, ...(hint === undefined ? {} : { required: true, hint }) };
    try {
      const parse = (input: string, given: string) => {
        const text = given === expression ? '' : given;
        texts[input] = text;
        return reader.parse(input, text, option);
      };
      values[option.name] = readInput(option.input, parse, read);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      errors.push(error);
    }
  }
  const inputs: RotateInputs = {
    options: optionsFromValues(values),
    apiUrl: values['api-url'] as string,
    githubToken: values['github-token'] as string | undefined,
    secretName: values['secret-name'] as string,
    alertSecretType: values['alert-secret-type'] as string | undefined,
    alertScope: values['alert-scope'] as string | undefined,
    inventoryOrg: values['inventory-org'] as string | undefined,
    inventoryMatch: (values['inventory-match'] as string[] | undefined) ?? [],
    ...runner,
  };
  errors.push(...inventoryMistakes(inputs), ...alertModeMistakes(inputs, values));
  // The key's age is the record's word, and the record is kept in the repository running the workflow.
  if (values['rotate-every'] !== undefined && !inputs.repository) {
    const why = 'needs the target record, kept in the repository running the workflow (GITHUB_REPOSITORY)';
    errors.push(new InputError('rotate-every', `${why}: run it in a workflow, or remove rotate-every`));
  }
  const failed = new Set(errors.map((e) => e.input));
  const githubGiven = ['github-token', 'app-id', 'private-key'].some((input) => failed.has(input) || texts[input]);
  if (!githubGiven) {
    errors.push(
      new InputError(
        'github-token',
        'is required unless app-id and private-key are given: pass a token that can write secrets (GITHUB_TOKEN cannot), ' +
          `e.g. github-token: \${{ secrets.SECRETS_WRITE_TOKEN }}, or a GitHub App's app-id and private-key`,
      ),
    );
  }
  // The library's rules, for the inputs whose text could be read; one error per input.
  for (const mistake of checkRotateKeyOptions(rotateKeyOptions(inputs))) {
    const input = inputOfOption(mistake.option);
    if (input === undefined) throw mistake;
    if (failed.has(input)) continue;
    failed.add(input);
    const said = optionMistake(input, mistake, NEVER_QUOTED.has(input) ? '' : (texts[input] ?? ''));
    errors.push(new InputError(input, inInputWords(said.problem)));
  }
  if (errors.length) throw new InvalidInputsError(errors);
  return inputs;
}

/** An organization login, or undefined for an empty input. */
function organizationLogin(name: string, text: string): string | undefined {
  if (!text) return undefined;
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/.test(text)) {
    throw new InputError(name, `is ${rejectedValue(text)}, not a GitHub organization login (letters, digits and hyphens, e.g. acme)`);
  }
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
function inventoryMistakes(inputs: RotateInputs): InputError[] {
  const mistakes: InputError[] = [];
  if (inputs.inventoryMatch.length && !inputs.inventoryOrg) {
    const what = 'name the organization to inventory, or remove inventory-match';
    mistakes.push(new InputError('inventory-match', `is given without inventory-org: ${what}`));
  }
  if (!inputs.inventoryOrg) return mistakes;
  if (!inputs.githubToken) {
    const token =
      'a token that can read the secrets of the organization and its repositories ' + '(a GitHub App is not used for the inventory)';
    mistakes.push(new InputError('inventory-org', `needs github-token: ${token}`));
  }
  if (inputs.alertSecretType !== undefined) {
    mistakes.push(new InputError('inventory-org', 'is given with alert-secret-type: the inventory follows a rotation; remove one'));
  }
  return mistakes;
}

/** Alert mode answers alerts on a schedule: what only a rotation by hand takes (the catalogue's `mode`) is refused with it. */
function alertModeMistakes(inputs: RotateInputs, values: Partial<Record<CatalogueName, unknown>>): InputError[] {
  if (inputs.alertSecretType === undefined) {
    if (inputs.alertScope === undefined) return [];
    const what = 'set alert-secret-type to answer the alerts of your custom pattern, or remove alert-scope';
    return [new InputError('alert-scope', `is given without alert-secret-type: ${what}`)];
  }
  const mistakes: InputError[] = [];
  if (!/^\S{1,255}$/.test(inputs.alertSecretType)) {
    mistakes.push(new InputError('alert-secret-type', "must be the custom pattern's secret type as GitHub names it (no spaces)"));
  }
  for (const { input, name } of INPUTS.filter((option) => option.mode === 'rotation')) {
    if (values[name] === undefined || values[name] === false) continue;
    const why = 'answering alerts finds the leaked key itself and acts on it';
    const instead = `Remove ${input}, or alert-secret-type to rotate by hand`;
    mistakes.push(new InputError(input, `is given with alert-secret-type: ${why}. ${instead}`));
  }
  if (!inputs.repository) {
    const where = 'kept in the repository running the workflow (GITHUB_REPOSITORY): run it in a workflow';
    mistakes.push(new InputError('alert-secret-type', `needs the target record, ${where}`));
  }
  return mistakes;
}

/** What the runner's environment says: the library reads none, so the Action passes these on. */
function fromRunner(): Pick<RotateInputs, 'repository' | 'githubApiUrl' | 'runUrl'> {
  const { GITHUB_REPOSITORY: repository, GITHUB_SERVER_URL: server = 'https://github.com', GITHUB_RUN_ID: runId } = process.env;
  const attempt = process.env.GITHUB_RUN_ATTEMPT;
  const run = `${server}/${repository}/actions/runs/${runId}${attempt && attempt !== '1' ? `/attempts/${attempt}` : ''}`;
  return {
    repository: repository || undefined,
    githubApiUrl: process.env.GITHUB_API_URL || 'https://api.github.com',
    runUrl: repository && runId ? run : undefined,
  };
}

function optionalText(_name: string, text: string): string | undefined {
  return text || undefined;
}

/** Target specs, parsed once by the library; empty means the current repository, or none for retire-targets. */
function targetSpecs(name: string, text: string): TargetSpec[] {
  if (name === 'retire-targets' && !text) return [];
  try {
    return parseTargetSpecs(text, { defaultRepository: name === 'targets' ? fromRunner().repository : undefined });
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    throw optionMistake(name, error, text);
  }
}

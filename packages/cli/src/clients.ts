// The clients the read-only commands (wait, status, audit) use: the platform with NEON_API_KEY, and
// GitHub with GITHUB_TOKEN (or GitLab with GITLAB_TOKEN) for the record kept in a repository's (a project's) variables. Bad input is a
// UsageError before any request.

import { createClient, DEFAULT_BASE_URL, OptionError, type PlatformClient } from '@keyturn/api';
import {
  createGitHubClient,
  createGitHubRecordStore,
  createGitLabClient,
  createGitLabRecordStore,
  DEFAULT_GITLAB_API_URL,
  type GitHubClient,
  type GitHubClientOptions,
  type GitLabClient,
  type RecordStore,
} from '@keyturn/rotation/targets';
import { InputError, rejectedValue } from '@keyturn/api/values';
import { looksLikeCredential } from '@keyturn/api/toolkit';
import type { CommandContext } from './command-context.js';
import { readCredential } from './credentials.js';
import { optionMistakeAt, type SettingReader } from './setting-reader.js';

const USER_AGENT = 'keyturn-cli';

/** The platform client, or undefined (a mistake in `reader`) when it cannot be made. `required`: no key is a mistake. */
export function platformClient(ctx: CommandContext, reader: SettingReader, required = true): PlatformClient | undefined {
  const apiKey = readCredential('api-key', ctx.flags);
  ctx.secrets.add(apiKey);
  const baseUrl = reader.read('api-url', (g) => g.text) ?? DEFAULT_BASE_URL;
  if (!apiKey) {
    if (required) reader.mistakes.push('no platform API key: set NEON_API_KEY, or pass --api-key-file with a file holding it');
    return undefined;
  }
  try {
    return createClient({ apiKey, baseUrl, userAgent: USER_AGENT });
  } catch (error) {
    return clientMistake(ctx, reader, error, 'api-url');
  }
}

/**
 * The record store: `--record-repo` (or GITHUB_REPOSITORY) read with GITHUB_TOKEN, or
 * `--record-gitlab-project` (or, in a GitLab CI job without a GitHub repository, CI_PROJECT_ID)
 * read with GITLAB_TOKEN: where `keyturn rotate` keeps it given the same settings.
 */
export function recordStore(ctx: CommandContext, reader: SettingReader, env: NodeJS.ProcessEnv = process.env): RecordStore | undefined {
  const repository = reader.read('record-repo', (g) => {
    if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(g.text) || looksLikeCredential(g.text))
      throw new InputError(g.where, `is ${rejectedValue(g.text)}, not OWNER/REPO`);
    return g.text;
  });
  const project = reader.read('record-gitlab-project', (g) => {
    if (looksLikeCredential(g.text)) throw new InputError(g.where, `is ${rejectedValue(g.text)}, not GROUP/PROJECT or a project id`);
    return g.text;
  });
  if (reader.failed.has('record-repo') || reader.failed.has('record-gitlab-project')) return undefined;
  if (repository && project) {
    reader.mistakes.push('--record-repo and --record-gitlab-project are both given: the record is kept in one place, so remove one');
    return undefined;
  }
  const inGitLabCi = !repository && !env.GITHUB_REPOSITORY && env.GITLAB_CI === 'true' && env.CI_PROJECT_ID ? env.CI_PROJECT_ID : undefined;
  if (project || inGitLabCi) return gitlabRecordStore(ctx, reader, (project ?? inGitLabCi)!, env);
  return githubRecordStore(ctx, reader, repository ?? (env.GITHUB_REPOSITORY || undefined), env);
}

function githubRecordStore(
  ctx: CommandContext,
  reader: SettingReader,
  repository: string | undefined,
  env: NodeJS.ProcessEnv,
): RecordStore | undefined {
  const token = readCredential('github-token', ctx.flags, env);
  ctx.secrets.add(token);
  const baseUrl = reader.read('github-api-url', (g) => g.text) ?? (env.GITHUB_API_URL || 'https://api.github.com');
  if (!repository)
    reader.mistakes.push(
      'no record repository: pass --record-repo OWNER/REPO, the repository whose variables keep the target record (or ' +
        '--record-gitlab-project GROUP/PROJECT)',
    );
  if (!token)
    reader.mistakes.push(
      "no GitHub token: set GITHUB_TOKEN (or pass --github-token-file) to a token that can read the record repository's variables",
    );
  if (!repository || !token) return undefined;
  return createGitHubRecordStore(createGitHubClient({ token, baseUrl, userAgent: USER_AGENT }), repository);
}

function gitlabRecordStore(ctx: CommandContext, reader: SettingReader, project: string, env: NodeJS.ProcessEnv): RecordStore | undefined {
  const token = readCredential('gitlab-token', ctx.flags, env);
  ctx.secrets.add(token);
  const apiUrl = reader.read('gitlab-url', (g) => g.text) ?? (env.CI_API_V4_URL || DEFAULT_GITLAB_API_URL);
  if (!token) {
    reader.mistakes.push(
      `no GitLab token: set GITLAB_TOKEN (or pass --gitlab-token-file) to an access token with the api scope and the Maintainer ` +
        `role on ${project}, whose variables keep the target record`,
    );
    return undefined;
  }
  try {
    return createGitLabRecordStore(createGitLabClient({ token, apiUrl }), project);
  } catch (error) {
    return clientMistake(ctx, reader, error, 'gitlab-url');
  }
}

/**
 * A GitHub client with GITHUB_TOKEN (or --github-token-file) at --github-api-url, for a token that
 * `can` (the words of the mistake when there is none); `options`: the client's own (its rate-limit waits).
 */
export function githubClient(
  ctx: CommandContext,
  reader: SettingReader,
  can: string,
  options: Omit<GitHubClientOptions, 'token' | 'baseUrl'> = {},
  env: NodeJS.ProcessEnv = process.env,
): GitHubClient | undefined {
  const token = readCredential('github-token', ctx.flags, env);
  ctx.secrets.add(token);
  const baseUrl = reader.read('github-api-url', (g) => g.text) ?? (env.GITHUB_API_URL || 'https://api.github.com');
  if (!token) {
    if (!reader.mistakes.some((m) => m.startsWith('no GitHub token')))
      reader.mistakes.push(`no GitHub token: set GITHUB_TOKEN (or pass --github-token-file) to a token that ${can}`);
    return undefined;
  }
  try {
    return createGitHubClient({ token, baseUrl, userAgent: USER_AGENT, ...options });
  } catch (error) {
    return clientMistake(ctx, reader, error, 'github-api-url', { urlOption: 'baseUrl', source: 'GITHUB_TOKEN (or --github-token-file)' });
  }
}

/** A GitLab client with GITLAB_TOKEN (or --gitlab-token-file) at --gitlab-url, for a token that `can`. */
export function gitlabClient(
  ctx: CommandContext,
  reader: SettingReader,
  can: string,
  env: NodeJS.ProcessEnv = process.env,
): GitLabClient | undefined {
  const token = readCredential('gitlab-token', ctx.flags, env);
  ctx.secrets.add(token);
  const apiUrl = reader.read('gitlab-url', (g) => g.text) ?? (env.CI_API_V4_URL || DEFAULT_GITLAB_API_URL);
  if (!token) {
    if (!reader.mistakes.some((m) => m.startsWith('no GitLab token')))
      reader.mistakes.push(`no GitLab token: set GITLAB_TOKEN (or pass --gitlab-token-file) to an access token that ${can}`);
    return undefined;
  }
  try {
    return createGitLabClient({ token, apiUrl });
  } catch (error) {
    return clientMistake(ctx, reader, error, 'gitlab-url', { urlOption: 'gitlab.apiUrl', source: 'GITLAB_TOKEN (or --gitlab-token-file)' });
  }
}

/** A client's OptionError as a mistake, said where its API root was given, or (`token`: any other option) as the token's. */
function clientMistake(
  ctx: CommandContext,
  reader: SettingReader,
  error: unknown,
  setting: 'api-url' | 'github-api-url' | 'gitlab-url',
  token?: { urlOption: string; source: string },
) {
  if (!(error instanceof OptionError)) throw error;
  const given = ctx.settings.get(setting);
  const atUrl = token === undefined || error.option === token.urlOption;
  reader.mistakes.push(atUrl ? optionMistakeAt(given?.where ?? `--${setting}`, error, given?.text) : `${token.source}: ${error.message}`);
  return undefined;
}

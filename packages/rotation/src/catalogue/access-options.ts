// The catalogue's rows for reaching the services: the platform, GitHub (a token or an App), GitLab and
// Vercel (with its redeploy), each credential and API root.

import type { CatalogueOption } from './option-entry.js';

/** Reaching the platform, GitHub, GitLab and Vercel, in the order the front ends list them. */
export const ACCESS_OPTIONS = {
  'api-key': {
    path: 'platform.apiKey',
    type: 'secret',
    input: 'api-key',
    doc: 'The current key, from the secret being rotated, e.g. ${{ secrets.NEON_API_KEY }}. Masked in the log.',
    cli: { env: 'NEON_API_KEY', file: '--api-key-file <path>', help: 'a file holding the platform API key' },
  },
  'api-url': {
    path: 'platform.baseUrl',
    type: 'text',
    default: 'https://console.neon.tech/api/v2',
    input: 'api-url',
    doc: 'Platform API base URL (https; plain http only on loopback, for the emulator).',
    cli: { flag: '--api-url <url>', key: 'api-url', help: 'platform API base URL; http only on loopback' },
  },
  'github-token': {
    path: 'github.token',
    aliases: ['github'],
    type: 'secret',
    input: 'github-token',
    doc:
      'A token that can write the target secrets: a fine-grained personal access token with "Secrets: write" (and "Environments: write"' +
      ' for environment secrets, organization "Secrets: write" for organization secrets) or a GitHub App installation token. It also ' +
      'needs "Variables: Read and write" on the repository running the workflow, where the target record is kept. GITHUB_TOKEN cannot ' +
      'write secrets. Masked in the log. Give this, or app-id and private-key.',
    cli: { env: 'GITHUB_TOKEN', file: '--github-token-file <path>', help: 'a file holding a GitHub token' },
  },
  'app-id': {
    path: 'github.appId',
    type: 'text',
    credential: true,
    input: 'app-id',
    doc:
      "A GitHub App's id (App settings > General > App ID), with private-key, instead of github-token: the run mints one installation " +
      'token per owner it writes to, with only the permissions its targets need, and revokes them at its end.',
    cli: {
      flag: '--app-id <id>',
      key: 'app-id',
      env: 'KEYTURN_GITHUB_APP_ID',
      help: "a GitHub App's id, with its private key (KEYTURN_GITHUB_APP_PRIVATE_KEY or --app-private-key-file), instead of GITHUB_TOKEN",
    },
  },
  'private-key': {
    path: 'github.privateKey',
    type: 'pem',
    input: 'private-key',
    doc:
      "The GitHub App's private key, the whole .pem file (App settings > Private keys), e.g. ${{ secrets.ROTATION_APP_PRIVATE_KEY }}. " +
      'Masked in the log, line by line.',
    cli: {
      env: 'KEYTURN_GITHUB_APP_PRIVATE_KEY',
      file: '--app-private-key-file <path>',
      help: "the GitHub App's private key (.pem), with --app-id",
    },
  },
  'github-api-url': {
    path: 'github.baseUrl',
    type: 'text',
    default: 'https://api.github.com',
    doc: "GitHub's REST API root (GitHub Enterprise Server's own): the Action takes the runner's GITHUB_API_URL.",
    cli: { flag: '--github-api-url <url>', key: 'github-api-url', env: 'GITHUB_API_URL', help: 'GitHub API URL' },
  },
  'gitlab-token': {
    path: 'gitlab.token',
    aliases: ['gitlab'],
    type: 'secret',
    input: 'gitlab-token',
    doc:
      'For gitlab: and gitlab-group: targets: a GitLab personal, project or group access token with the api scope, whose user has the ' +
      'Maintainer role on each project (Owner on each group) it writes. Masked in the log.',
    cli: {
      env: 'GITLAB_TOKEN',
      file: '--gitlab-token-file <path>',
      help: 'a file holding a GitLab access token with the api scope, for GitLab targets or record',
    },
  },
  'gitlab-url': {
    path: 'gitlab.apiUrl',
    type: 'text',
    default: 'https://gitlab.com/api/v4',
    input: 'gitlab-url',
    doc: 'The GitLab REST API root: GitLab.com by default; a self-managed instance is https://HOST/api/v4.',
    cli: {
      flag: '--gitlab-url <url>',
      key: 'gitlab-url',
      env: 'CI_API_V4_URL',
      help: 'GitLab API root, for gitlab: and gitlab-group: targets and a GitLab record',
    },
  },
  'vercel-token': {
    path: 'vercel.token',
    aliases: ['vercel'],
    type: 'secret',
    input: 'vercel-token',
    doc:
      "For vercel: targets: a Vercel access token whose scope includes each project's team (or your personal account), of a Member or " +
      "Owner there (a Developer cannot change Production's variables). Masked in the log.",
    cli: {
      env: 'VERCEL_TOKEN',
      file: '--vercel-token-file <path>',
      help: "a file holding a Vercel access token whose scope includes the projects' team, for Vercel targets",
    },
  },
  'vercel-url': {
    path: 'vercel.apiUrl',
    type: 'text',
    default: 'https://api.vercel.com',
    input: 'vercel-url',
    doc: "Vercel's REST API root.",
    cli: { flag: '--vercel-url <url>', key: 'vercel-url', help: "Vercel's API root, for vercel: targets" },
  },
  'vercel-redeploy': {
    path: 'vercelRedeploy',
    type: 'boolean',
    default: 'true',
    input: 'vercel-redeploy',
    doc:
      "For vercel: production targets: redeploy the project's current production deployment after writing the variable, and wait until" +
      ' it is READY before any old key is revoked. With false, the old key stays valid until a run sees a deploy made after the write ' +
      '(a notice says so).',
    cli: {
      flag: '--without-vercel-redeploy',
      key: 'without-vercel-redeploy',
      negates: true,
      help: 'vercel: production targets are not redeployed: the old key stays valid until a run sees a deploy made after the write',
    },
  },
} as const satisfies Record<string, CatalogueOption>;

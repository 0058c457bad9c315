// keyturn-emulator: starts the local platform API, the GitHub secrets API, the GitLab CI/CD
// variables API and Vercel's API beside it, makes a first key, a demo project, and a GitHub, a GitLab and a Vercel token,
// prints where everything is, and runs until SIGINT or SIGTERM.
// `--json` prints the same as one JSON line, for scripts.

import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startGitHubEmulator } from './github/emulator.js';
import { startGitLabEmulator } from './gitlab/emulator.js';
import { isLoopbackHost } from './loopback-host.js';
import { startPlatformEmulator } from './platform/emulator.js';
import { startVercelEmulator } from './vercel/emulator.js';

const USAGE = `Usage: keyturn-emulator [options]

  --host <host>           address to listen on (default 127.0.0.1); a non-loopback one
                          needs --allow-remote
  --allow-remote          listen on a non-loopback --host: the control API has no auth
                          and answers decrypted secrets to anyone who can reach it
  --port <port>           platform API port (default: any free port)
  --github-port <port>    GitHub API port (default: any free port)
  --gitlab-port <port>    GitLab API port (default: any free port)
  --vercel-port <port>    Vercel API port (default: any free port)
  --scheduling-ms <ms>    how long new operations stay in "scheduling" (default 500)
  --running-ms <ms>       how long they then stay in "running" (default 1500)
  --json                  print one JSON line instead of text
  --help                  show this help`;

interface CliOptions {
  host: string;
  port: number;
  githubPort: number;
  gitlabPort: number;
  vercelPort: number;
  schedulingMs: number | undefined;
  runningMs: number | undefined;
  json: boolean;
}

/** One started emulator: what to print about it and how to stop it. */
interface RunningService {
  /** Its key in the `--json` line. */
  id: 'platform' | 'github' | 'gitlab' | 'vercel';
  title: string;
  rows: Array<[label: string, value: string]>;
  json: Record<string, unknown>;
  close(): Promise<void>;
}

async function startPlatformService(options: CliOptions): Promise<RunningService> {
  const emulator = await startPlatformEmulator({
    host: options.host,
    port: options.port,
    operationTimings: { schedulingMs: options.schedulingMs, runningMs: options.runningMs },
  });
  const key = emulator.createKey('first-key');
  const project = emulator.createProject({ name: 'demo' });
  return {
    id: 'platform',
    title: 'Platform API',
    rows: [
      // What takes each URL: the Actions' input, and the CLI's flag.
      ['API URL', `${emulator.url} (api-url, keyturn --api-url)`],
      ['Control URL', emulator.controlUrl],
      ['First API key', `${key.key} (id ${key.id})`],
      ['Demo project', project.id],
    ],
    json: { url: emulator.url, controlUrl: emulator.controlUrl, apiKey: key.key, apiKeyId: key.id, projectId: project.id },
    close: () => emulator.close(),
  };
}

/** The GitHub secrets API, with a demo repository, environment and organization and a write token. */
async function startGitHubService(options: CliOptions): Promise<RunningService> {
  const token = `ghp_${randomBytes(18).toString('hex')}`;
  const demo = { repository: 'keyturn-demo/app', environment: 'production', org: 'keyturn-demo' };
  const emulator = await startGitHubEmulator({
    host: options.host,
    port: options.githubPort,
    orgs: [demo.org],
    repos: [demo.repository],
    environments: { [demo.repository]: [demo.environment] },
    tokens: { [token]: 'write' },
  });
  return {
    id: 'github',
    title: 'GitHub API',
    rows: [
      ['API URL', `${emulator.url} (GITHUB_API_URL, keyturn --github-api-url)`],
      ['Control URL', emulator.controlUrl],
      ['Token', `${token} (secrets: write)`],
      [
        'Demo targets',
        `repo:${demo.repository}, env:${demo.repository}:${demo.environment}, org:${demo.org}, dependabot:${demo.repository}`,
      ],
    ],
    json: { url: emulator.url, controlUrl: emulator.controlUrl, token, ...demo },
    close: () => emulator.close(),
  };
}

/** GitLab's CI/CD variables API, with a demo group and project and a token of their Owner. */
async function startGitLabService(options: CliOptions): Promise<RunningService> {
  const token = `glpat-${randomBytes(12).toString('hex')}`;
  const demo = { group: 'keyturn-demo', project: 'keyturn-demo/app' };
  const emulator = await startGitLabEmulator({
    host: options.host,
    port: options.gitlabPort,
    projects: [demo.project],
    tokens: { [token]: { scopes: ['api'], roles: { [demo.group]: 'owner' } } },
  });
  return {
    id: 'gitlab',
    title: 'GitLab API',
    rows: [
      ['API URL', `${emulator.url} (gitlab-url, keyturn --gitlab-url)`],
      ['Control URL', emulator.controlUrl],
      ['Token', `${token} (api scope, Owner of ${demo.group})`],
      ['Demo targets', `gitlab:${demo.project}, gitlab-group:${demo.group}`],
    ],
    json: { url: emulator.url, controlUrl: emulator.controlUrl, token, ...demo },
    close: () => emulator.close(),
  };
}

/** Vercel's API, with a demo team and project (and production deployed) and a token of a member. */
async function startVercelService(options: CliOptions): Promise<RunningService> {
  const token = `vercel_${randomBytes(12).toString('hex')}`;
  const demo = { team: 'keyturn-demo', project: 'app' };
  const emulator = await startVercelEmulator({
    host: options.host,
    port: options.vercelPort,
    projects: [`${demo.team}/${demo.project}`],
    tokens: { [token]: { teams: { [demo.team]: 'member' } } },
  });
  return {
    id: 'vercel',
    title: 'Vercel API',
    rows: [
      ['API URL', `${emulator.url} (vercel-url, keyturn --vercel-url)`],
      ['Control URL', emulator.controlUrl],
      ['Token', `${token} (Member of ${demo.team})`],
      ['Demo targets', `vercel:${demo.project}@${demo.team}, vercel:${demo.project}:preview@${demo.team}`],
    ],
    json: { url: emulator.url, controlUrl: emulator.controlUrl, token, ...demo },
    close: () => emulator.close(),
  };
}

function readOptions(argv: string[]): CliOptions | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      'allow-remote': { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
      'github-port': { type: 'string', default: '0' },
      'gitlab-port': { type: 'string', default: '0' },
      'vercel-port': { type: 'string', default: '0' },
      'scheduling-ms': { type: 'string' },
      'running-ms': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return undefined;
  if (!isLoopbackHost(values.host) && !values['allow-remote']) {
    throw new Error(
      `--host ${values.host} is not a loopback address: the control API has no auth and answers decrypted secrets. ` +
        'Pass --allow-remote to listen there anyway.',
    );
  }
  return {
    host: values.host,
    port: integerOption(values.port, '--port', 65_535),
    githubPort: integerOption(values['github-port'], '--github-port', 65_535),
    gitlabPort: integerOption(values['gitlab-port'], '--gitlab-port', 65_535),
    vercelPort: integerOption(values['vercel-port'], '--vercel-port', 65_535),
    schedulingMs: values['scheduling-ms'] === undefined ? undefined : integerOption(values['scheduling-ms'], '--scheduling-ms'),
    runningMs: values['running-ms'] === undefined ? undefined : integerOption(values['running-ms'], '--running-ms'),
    json: values.json,
  };
}

function integerOption(text: string, name: string, max = Number.MAX_SAFE_INTEGER): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 0 && value <= max)) throw new Error(`${name} must be an integer from 0 to ${max}`);
  return value;
}

function describe(services: RunningService[], json: boolean): string {
  if (json) {
    return JSON.stringify(Object.fromEntries(services.map((s) => [s.id, s.json])));
  }
  const width = Math.max(...services.flatMap((s) => s.rows.map(([label]) => label.length)));
  const blocks = services.map((s) => [s.title, ...s.rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)].join('\n'));
  return `keyturn emulator is running (Ctrl+C to stop)\n\n${blocks.join('\n\n')}`;
}

async function main(argv: string[]): Promise<void> {
  const options = readOptions(argv);
  if (!options) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!isLoopbackHost(options.host)) {
    process.stderr.write(
      `keyturn-emulator: warning: listening on ${options.host} (--allow-remote): anyone who can reach it can use ` +
        'the control API without auth, read decrypted secrets and mint API keys.\n',
    );
  }
  const services: RunningService[] = [];
  const stop = async () => {
    await Promise.all(services.map((s) => s.close()));
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    services.push(await startPlatformService(options));
    services.push(await startGitHubService(options));
    services.push(await startGitLabService(options));
    services.push(await startVercelService(options));
  } catch (error) {
    await Promise.all(services.map((s) => s.close()));
    throw error;
  }
  process.stdout.write(`${describe(services, options.json)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`keyturn-emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

// The least an Action run can cost: boot Node, load the Action's dependencies (a bundle of them
// alone), initialise libsodium when the Action seals secrets, make the requests the Action needs,
// exit. Each request is the cheapest read of the service the Action's request goes to, in the
// Action's order: the platform's key list, or the GitHub repository's secrets public key (one
// connection per service, as the Action opens). Prints one JSON line of milliseconds since the
// process started (performance.now() counts from there).
// A `github-write` stands for a GitHub write: the same cheapest read, started no sooner than the
// write spacing after the previous `github-write` started, as the Action's GitHub client spaces
// its writes (GitHub asks for a second between mutating requests); `spacingMs` is the time slept.
// Usage: node floor.mjs <deps-bundle.js> <services> <fetch|http> [write spacing ms], services a
// comma-separated sequence of `platform`, `github` and `github-write`; BENCH_URL, BENCH_API_KEY,
// and for GitHub BENCH_GITHUB_READ (a URL) and BENCH_GITHUB_TOKEN in the environment. `http` makes
// the requests with node:http instead of the global fetch (undici); `octokit` makes the GitHub
// requests through an Octokit built as the rotation builds it (@octokit/rest with the retry plugin
// from the deps bundle, the same options), the platform's with fetch.

import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const booted = performance.now();
const deps = await import(pathToFileURL(process.argv[2]).href);
const loaded = performance.now();
if (deps.sodium) await deps.sodium.ready;
const sodiumReady = performance.now();

const reads = {
  platform: { url: `${process.env.BENCH_URL}/api_keys`, token: process.env.BENCH_API_KEY },
  github: { url: process.env.BENCH_GITHUB_READ, token: process.env.BENCH_GITHUB_TOKEN },
};
const writeSpacingMs = Number(process.argv[5] ?? 0);
const sequence = process.argv[3].split(',').map((service) => {
  const write = service === 'github-write';
  const read = reads[write ? 'github' : service];
  if (!read?.url) throw new Error(`floor: no read for service ${JSON.stringify(service)}`);
  // GitHub refuses a request without a User-Agent (fetch sends one of its own, node:http none).
  const headers = { authorization: `Bearer ${read.token}`, accept: 'application/json', 'user-agent': 'keyturn-bench-floor' };
  return { url: read.url, headers, write };
});
const transport = process.argv[4];
const client = transport === 'http' ? await httpClient() : transport === 'octokit' ? octokitClient() : fetchClient();

const times = [];
let lastWriteStart = Number.NEGATIVE_INFINITY;
let spacingMs = 0;
for (const request of sequence) {
  if (request.write) {
    const wait = lastWriteStart + writeSpacingMs - performance.now();
    if (wait > 0) {
      await sleep(wait);
      spacingMs += wait;
    }
    lastWriteStart = performance.now();
  }
  const started = performance.now();
  await client.json(request);
  times.push(performance.now() - started);
}
client.close();
const done = performance.now();

function fetchClient() {
  const text = async ({ url, headers }) => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return response.text();
  };
  return { json: async (request) => JSON.parse(await text(request)), close: () => {} };
}

/** GitHub through Octokit with the rotation's plugins and options (rate limits: no retry, no log). */
function octokitClient() {
  if (!deps.Octokit || !deps.retry) throw new Error('floor: the deps bundle exports no Octokit');
  const GitHubOctokit = deps.Octokit.plugin(deps.retry);
  const octokit = new GitHubOctokit({
    auth: process.env.BENCH_GITHUB_TOKEN,
    baseUrl: new URL(process.env.BENCH_GITHUB_READ).origin,
    userAgent: 'keyturn-bench-floor',
    retry: { retries: 3, retryAfterBaseValue: 1000, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  octokit.hook.before(
    'request',
    (options) => void Object.assign(options.headers, { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' }),
  );
  const viaFetch = fetchClient();
  // An absolute URL: Octokit leaves it as it is.
  const json = async (request) =>
    request.url === reads.github.url ? (await octokit.request({ method: 'GET', url: request.url })).data : viaFetch.json(request);
  return { json, close: () => {} };
}

async function httpClient() {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true });
  const text = ({ url, headers }) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { headers, agent }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode}`));
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve(body));
        })
        .on('error', reject);
    });
  return { json: async (request) => JSON.parse(await text(request)), close: () => agent.destroy() };
}

console.log(
  JSON.stringify({
    bootMs: booted,
    loadMs: loaded - booted,
    sodiumMs: sodiumReady - loaded,
    firstRequestMs: times[0] ?? 0,
    requestsMs: done - sodiumReady,
    spacingMs,
    doneMs: done,
  }),
);

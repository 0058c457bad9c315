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
// the requests with node:http instead of the global fetch (undici).

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
const client = process.argv[4] === 'http' ? await httpClient() : fetchClient();

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
  JSON.parse(await client.text(request));
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
  return { text, close: () => {} };
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
  return { text, close: () => agent.destroy() };
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

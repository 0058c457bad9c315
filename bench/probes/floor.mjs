// The least an Action run can cost: boot Node, load the Action's dependencies (a bundle of them
// alone), initialise libsodium when the Action seals secrets, make the fewest requests the Action
// needs (each a GET of the key list), exit. Prints one JSON line of milliseconds since the process
// started (performance.now() counts from there).
// Usage: node floor.mjs <deps-bundle.js> <requests> <fetch|http>; BENCH_URL and BENCH_API_KEY in
// the environment. `http` makes the requests with node:http instead of the global fetch (undici).

import { pathToFileURL } from 'node:url';

const booted = performance.now();
const deps = await import(pathToFileURL(process.argv[2]).href);
const loaded = performance.now();
if (deps.sodium) await deps.sodium.ready;
const sodiumReady = performance.now();

const requests = Number(process.argv[3]);
const url = `${process.env.BENCH_URL}/api_keys`;
const headers = { authorization: `Bearer ${process.env.BENCH_API_KEY}`, accept: 'application/json' };
const client = process.argv[4] === 'http' ? await httpClient() : fetchClient();

const times = [];
for (let i = 0; i < requests; i++) {
  const started = performance.now();
  JSON.parse(await client.text());
  times.push(performance.now() - started);
}
client.close();
const done = performance.now();

function fetchClient() {
  const text = async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`GET /api_keys answered ${response.status}`);
    return response.text();
  };
  return { text, close: () => {} };
}

async function httpClient() {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true });
  const text = () =>
    new Promise((resolve, reject) => {
      http
        .get(url, { headers, agent }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`GET /api_keys answered ${response.statusCode}`));
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
    doneMs: done,
  }),
);

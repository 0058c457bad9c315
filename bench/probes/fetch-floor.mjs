// The floor of a CLI command: boot Node, send the requests the command sends, in order, with the
// global fetch, exit. Usage: node fetch-floor.mjs <url> [url...], with BENCH_API_KEY in the
// environment (sent as the command sends it: Authorization: Bearer). No URL: Node start-up alone.
// BENCH_FLOOR_OUTPUT names a file holding what the command printed: the floor prints it too, so
// both write the same bytes to the same pipe.

import { readFileSync } from 'node:fs';

for (const url of process.argv.slice(2)) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${process.env.BENCH_API_KEY}`, accept: 'application/json' } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`floor: ${url} answered ${response.status}`);
}
if (process.env.BENCH_FLOOR_OUTPUT) process.stdout.write(readFileSync(process.env.BENCH_FLOOR_OUTPUT));

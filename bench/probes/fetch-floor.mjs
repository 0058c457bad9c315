// The floor of a CLI command: boot Node, send the requests the command sends, in order, with the
// global fetch, exit. Usage: node fetch-floor.mjs <url> [url...], with BENCH_API_KEY in the
// environment (sent as the command sends it: Authorization: Bearer). No URL: Node start-up alone.

for (const url of process.argv.slice(2)) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${process.env.BENCH_API_KEY}`, accept: 'application/json' } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`floor: ${url} answered ${response.status}`);
}

// One client walking every operation of a project, alone in this process (started by
// iteration.mjs). Prints one JSON line: how many operations, in order or not, how long, and
// (with --expose-gc and BENCH_SAMPLE_MS) the live heap after GC sampled during the walk.
// The parent counts requests from the emulator log and leaves out the warm-up request.
// The key comes in the environment, never on the command line.

const { BENCH_BASE_URL: baseUrl, BENCH_API_KEY: apiKey, BENCH_PROJECT_ID: projectId } = process.env;
const sampleEveryMs = Number(process.env.BENCH_SAMPLE_MS ?? 0);
const mode = process.argv[2];

const walks = {
  /** keyturn as a user writes it: `for await` over list() with its defaults. */
  keyturn: async (visit) => {
    const { createClient } = await import('@keyturn/api');
    const client = createClient({ apiKey, baseUrl });
    return async () => {
      for await (const op of client.operations.list(projectId)) visit(op);
    };
  },
  /** keyturn with the largest page the API allows: what a default of limit 1000 would do. */
  'keyturn-limit-1000': async (visit) => {
    const { createClient } = await import('@keyturn/api');
    const client = createClient({ apiKey, baseUrl });
    return async () => {
      for await (const op of client.operations.list(projectId, { limit: 1000 })) visit(op);
    };
  },
  /** The SDK's streaming form: `for await` over list(). */
  'sdk-iterate': async (visit) => {
    const { createNeonClient } = await import('@neon/sdk');
    const neon = createNeonClient({ apiKey, baseUrl });
    return async () => {
      for await (const op of neon.operations.list({ projectId })) visit(op);
    };
  },
  /** The SDK's "every page" form: list().all() returns one array. */
  'sdk-all': async (visit) => {
    const { createNeonClient } = await import('@neon/sdk');
    const neon = createNeonClient({ apiKey, baseUrl });
    return async () => {
      const { data, error } = await neon.operations.list({ projectId }).all();
      if (error) throw error;
      for (const op of data) visit(op);
    };
  },
};

let count = 0;
let ordered = true;
let previous = '\uffff';
function visit(op) {
  count++;
  if (op.created_at > previous) ordered = false;
  previous = op.created_at;
}

const walk = await walks[mode](visit);
// Both clients use the global fetch: load undici and open the connection before the baseline, so
// the figures are the walk's, not the first request's.
const warmUp = await fetch(`${baseUrl}/projects/${projectId}/operations?limit=1`, { headers: { authorization: `Bearer ${apiKey}` } });
if (!warmUp.ok) throw new Error(`warm-up request answered ${warmUp.status}`);
await warmUp.json();
const heapNow = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const heapBefore = heapNow();
const rssBefore = process.memoryUsage().rss;
let heapPeak = heapBefore;
const sampler =
  sampleEveryMs > 0
    ? setInterval(() => {
        heapPeak = Math.max(heapPeak, heapNow());
      }, sampleEveryMs)
    : undefined;
const started = performance.now();
await walk();
const wallMs = performance.now() - started;
clearInterval(sampler);

console.log(
  JSON.stringify({
    count,
    ordered,
    walkMs: wallMs,
    heapGrowth: heapPeak - heapBefore,
    rssGrowth: process.resourceUsage().maxRSS * 1024 - rssBefore,
  }),
);

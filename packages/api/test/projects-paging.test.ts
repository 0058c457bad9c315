// GET /projects pages (the published description's listProjects); this small server plays the
// edge cases the emulator does not (a cursor that does not move). The emulator's paging: resources.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../src/client.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

async function pagedProjects(pages: Record<string, unknown>) {
  const asked: string[] = [];
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(url.search);
    const body = pages[url.searchParams.get('cursor') ?? ''] ?? { projects: [] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  return { client: createClient({ apiKey: 'k', baseUrl }), asked };
}

const project = (id: string) => ({ id, name: id });

it('projects.list follows pagination.cursor to the empty page', async () => {
  const { client, asked } = await pagedProjects({
    '': { projects: [project('a'), project('b')], pagination: { cursor: 'b' } },
    b: { projects: [project('c')], pagination: { cursor: 'c' } },
    c: { projects: [], pagination: { cursor: 'c' } },
  });
  expect((await client.projects.list().toArray()).map((p) => p.id)).toEqual(['a', 'b', 'c']);
  expect(asked).toEqual(['', '?cursor=b', '?cursor=c']);
});

it('projects.list refuses a limit past the published 400 before any request', async () => {
  const { client, asked } = await pagedProjects({});
  await expect(client.projects.list({ limit: 401 })).rejects.toThrow(/limit/);
  expect(asked).toEqual([]);
});

it('projects.list sends the limit and stops when the cursor does not move', async () => {
  const { client, asked } = await pagedProjects({
    '': { projects: [project('a')], pagination: { cursor: 'a' } },
    a: { projects: [project('a'), project('b')], pagination: { cursor: 'a' } },
  });
  const ids: string[] = [];
  for await (const p of client.projects.list({ limit: 1 })) ids.push(p.id);
  expect(ids).toEqual(['a', 'b']);
  expect(asked).toEqual(['?limit=1', '?limit=1&cursor=a']);
});

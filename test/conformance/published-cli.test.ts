// The platform's own published CLI (neonctl, Apache-2.0, pinned in package.json) driven through the
// emulator's keys, projects and operations routes: drift a real client trips on is caught here.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { type PlatformEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchanges, operationKey, WireRecorder } from './contract/recorder.js';

const run = promisify(execFile);
const CLIENT = 'neonctl';

/** The CLI's entry script, from its own manifest (no shell shim in between). */
function cliScript(): string {
  const manifestPath = createRequire(import.meta.url).resolve('neonctl/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifestPath), manifest.bin.neonctl!);
}

let platform: PlatformEmulator;
let recorder: WireRecorder;
let home: string;
let apiKey: string;

/**
 * One CLI command with `--output json`, parsed. The key goes in NEON_API_KEY (not argv); analytics
 * off and a throwaway home and config dir, so it reaches nothing but the emulator and reads no
 * credentials of this machine. A failure shows stderr only: stdout may hold a new key's value.
 */
async function neonctl(args: string[], key = apiKey): Promise<unknown> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('NEON_')));
  const argv = [
    cliScript(),
    ...args,
    '--api-host',
    platform.url,
    '--output',
    'json',
    '--no-analytics',
    '--no-color',
    '--config-dir',
    join(home, 'config'),
  ];
  try {
    const { stdout } = await recorder.as(CLIENT, () =>
      run(process.execPath, argv, { cwd: home, env: { ...env, HOME: home, NEON_API_KEY: key }, timeout: 90_000, maxBuffer: 8 << 20 }),
    );
    return JSON.parse(stdout);
  } catch (error) {
    const { code, stderr } = error as { code?: unknown; stderr?: string };
    throw new Error(`neonctl ${args.join(' ')} failed (${String(code)}): ${stderr ?? String(error)}`);
  }
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'keyturn-neonctl-'));
  recorder = new WireRecorder();
  platform = await startPlatformEmulator({ operationTimings: { schedulingMs: 0, runningMs: 50 }, onExchange: recorder.hook('platform') });
  apiKey = platform.createKey('neonctl-console').key;
});
afterAll(async () => {
  await platform?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('neonctl, the platform CLI, against the emulator', () => {
  it('me: the account user', async () => {
    const me = (await neonctl(['me'])) as { id: string; name: string };
    expect(me).toMatchObject({ id: platform.user.id, name: platform.user.name });
  });

  it('api-keys list, create and revoke; the created key works and the revoked one stops', async () => {
    const consoleKeyId = platform.keyIdOf(apiKey);
    const listed = (await neonctl(['api-keys', 'list'])) as { id: number; name: string }[];
    expect(listed).toContainEqual(expect.objectContaining({ id: consoleKeyId, name: 'neonctl-console' }));
    expect(listed.every((k) => !('key' in k))).toBe(true);

    const created = (await neonctl(['api-keys', 'create', '--name', 'made-by-neonctl'])) as { id: number; key: string; name: string };
    expect(created.name).toBe('made-by-neonctl');
    expect(platform.keyIdOf(created.key)).toBe(created.id);
    expect(platform.isKeyValid(created.key)).toBe(true);

    const seenByNewKey = (await neonctl(['api-keys', 'list'], created.key)) as { id: number }[];
    expect(seenByNewKey.map((k) => k.id)).toEqual(expect.arrayContaining([consoleKeyId, created.id]));

    const revoked = (await neonctl(['api-keys', 'revoke', String(created.id)])) as { id: number; revoked: boolean };
    expect(revoked).toMatchObject({ id: created.id, revoked: true });
    expect(platform.isKeyValid(created.key)).toBe(false);
  });

  it('api-keys for an organization: a project-scoped key (its organization looked up from the project), listed and revoked', async () => {
    const org = platform.createOrganization({ id: 'org-neonctl', name: 'Neonctl Org' });
    const project = platform.createProject({ name: 'cli-org-project', org_id: org.id });
    const scoped = (await neonctl(['api-keys', 'create', '--name', 'neonctl-scoped', '--project-id', project.id])) as {
      id: number;
      key: string;
    };
    expect(platform.listKeys()).toContainEqual(expect.objectContaining({ id: scoped.id, org_id: org.id, project_id: project.id }));
    expect(platform.isKeyValid(scoped.key)).toBe(true);

    const listed = (await neonctl(['api-keys', 'list', '--org-id', org.id])) as { id: number; name: string }[];
    expect(listed).toContainEqual(expect.objectContaining({ id: scoped.id, name: 'neonctl-scoped' }));

    await neonctl(['api-keys', 'revoke', String(scoped.id), '--org-id', org.id]);
    expect(platform.isKeyValid(scoped.key)).toBe(false);
  });

  it("projects list: the account's projects, with the shared ones asked for", async () => {
    const mine = [platform.createProject({ name: 'cli-listed-a' }), platform.createProject({ name: 'cli-listed-b' })];
    const answer = (await neonctl(['projects', 'list'])) as { projects: { id: string; name: string }[] };
    expect(answer.projects).toEqual(expect.arrayContaining(mine.map((p) => expect.objectContaining({ id: p.id, name: p.name }))));
    expect(recorder.of(CLIENT).map(operationKey)).toContain('GET /projects/shared 200');
  });

  it("operations list: a project's operations, the ones a new branch started among them", async () => {
    const project = platform.createProject({ name: 'cli-operations' });
    const started = platform.createBranch(project.id, 'cli-branch').operations;
    const listed = (await neonctl(['operations', 'list', '--project-id', project.id])) as { id: string; project_id: string }[];
    expect(listed.map((o) => o.id)).toEqual(expect.arrayContaining(started.map((o) => o.id)));
    expect(listed.every((o) => o.project_id === project.id)).toBe(true);
  });

  it('every request it sent and every answer it got fit the published description', () => {
    const exchanges = recorder.of(CLIENT);
    const routes = new Set(exchanges.map((e) => operationKey(e).replace(/ \d+$/, '')));
    for (const route of [
      'GET /users/me',
      'GET /api_keys',
      'POST /api_keys',
      'DELETE /api_keys/{key_id}',
      'GET /projects',
      'GET /projects/shared',
      'GET /projects/{project_id}/operations',
      'POST /organizations/{org_id}/api_keys',
      'GET /organizations/{org_id}/api_keys',
      'DELETE /organizations/{org_id}/api_keys/{key_id}',
    ]) {
      expect(routes, `neonctl never sent ${route}`).toContain(route);
    }
    expect(exchanges.filter((e) => e.status >= 400).map(operationKey)).toEqual([]);
    // `Accept: */*` takes JSON; naming application/json is keyturn's own clients' rule, not the CLI's.
    const anyMediaType = 'accept */*: clients send application/json';
    expect(checkExchanges(exchanges).filter((m) => m.problem !== anyMediaType)).toEqual([]);
  });
});

// The platform's own word on a new key (GET /auth, getAuthDetails): every rotation asks it of the
// current key in the preflight and of the new key before any target is written; a new key of
// another account or kind is revoked and nothing is written. Against the emulators over HTTP.

import { afterEach, describe, expect, it } from 'vitest';
import { runRotation } from './run.js';
import { startKindWorld, type KindWorld } from './kinds-world.js';
import { useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

/** The emulator's own fetch, except that GET /auth answers `account_id` as `account` for every key but `except`. */
function otherAccountFetch(except: string, account: string): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const auth = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('authorization');
    if (!url.pathname.endsWith('/auth') || auth === `Bearer ${except}` || response.status !== 200) return response;
    // A platform that hands out a key of someone else: no server of ours can be made to.
    const body = { ...((await response.json()) as Record<string, unknown>), account_id: account };
    return new Response(JSON.stringify(body), { status: 200, headers: response.headers });
  };
}

describe('GET /auth guards every new key', () => {
  it('asks it of the current key and of the new key, before the first secret write', async () => {
    const run = await runRotation(world);
    expect(run.error?.message).toBeUndefined();
    const requests = world.requests.slice(run.requestsBefore);
    const auths = requests.filter((r) => r.path === '/auth');
    expect(auths.map((r) => r.actor)).toEqual([`key:${world.currentKey.id}`, `key:${run.report!.keyId}`]);
    const firstWrite = requests.find((r) => r.method === 'PUT')!;
    expect(auths.every((r) => r.order < firstWrite.order)).toBe(true);
  });

  it('a new key of another account is revoked and nothing is written; the current key still works', async () => {
    const run = await runRotation(world, {
      client: world.client(world.currentKey.key, otherAccountFetch(world.currentKey.key, 'usr-someone-else')),
    });
    expect(run.error?.code).toBe('auth-mismatch');
    expect(run.error!.step).toBe('verify');
    expect(run.error!.message).toContain('belongs to account usr-someone-else');
    expect(run.error!.message).toContain('it was revoked and nothing was written');
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(false);
    expect(world.platform.isKeyValid(world.currentKey.key)).toBe(true);
    expect(world.requests.slice(run.requestsBefore).filter((r) => r.method === 'PUT')).toEqual([]);
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
  });
});

describe('the current key of another kind than keyKind says', () => {
  let kinds: KindWorld | undefined;
  afterEach(async () => {
    await kinds?.close();
  });

  it("an admin's personal key rotated as an organization key: refused in the preflight, nothing made", async () => {
    kinds = await startKindWorld('organization, managed');
    const personal = kinds.managing!;
    const keysBefore = kinds.platform.listKeys().length;
    const { error, created } = await kinds.rotate({ platform: kinds.platformOptions(personal.key), managingApiKey: undefined });
    expect(error?.code).toBe('auth-mismatch');
    expect(error!.step).toBe('preflight');
    expect(error!.message).toMatch(/authenticates as api_key_user, not as api_key_org/);
    expect(created).toEqual([]);
    expect(kinds.platform.listKeys().length).toBe(keysBefore);
  });
});

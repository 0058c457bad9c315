// GET /auth answers each key's own account and kind, unless told to misreport (a platform that
// misattributes keys): for keys made from then on, or for every key, through the state API or the control API.

import { afterEach, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './platform-harness.js';

let platform: TestPlatform;

afterEach(async () => {
  await platform.emulator.close();
});

describe('GET /auth', () => {
  it('answers a personal key as its user, and misreports only keys made after misreportAuth({ keys: "new" })', async () => {
    platform = await startTestPlatform();
    const own = { account_id: platform.emulator.user.id, auth_method: 'api_key_user' };
    expect((await platform.api('GET', '/auth')).body).toEqual(own);
    platform.emulator.misreportAuth({ account_id: 'someone-else', keys: 'new' });
    const later = platform.emulator.createKey('made after');
    expect((await platform.api('GET', '/auth')).body).toEqual(own);
    expect((await platform.api('GET', '/auth', { key: later.key })).body).toEqual({ ...own, account_id: 'someone-else' });
    platform.emulator.misreportAuth(undefined);
    expect((await platform.api('GET', '/auth', { key: later.key })).body).toEqual(own);
  });

  it('misreports the kind of every key with keys: "all", through the control API', async () => {
    platform = await startTestPlatform();
    expect((await platform.control('PUT', '/auth-answer', { auth_method: 'api_key_org', keys: 'all' })).status).toBe(204);
    expect((await platform.api('GET', '/auth')).body).toEqual({ account_id: platform.emulator.user.id, auth_method: 'api_key_org' });
    expect((await platform.control('DELETE', '/auth-answer')).status).toBe(204);
    expect((await platform.api('GET', '/auth')).body.auth_method).toBe('api_key_user');
  });

  it('refuses a misreport that names no field or no keys, before changing anything', async () => {
    platform = await startTestPlatform();
    expect((await platform.control('PUT', '/auth-answer', { keys: 'all' })).status).toBe(400);
    expect((await platform.control('PUT', '/auth-answer', { auth_method: 'api_key_org' })).status).toBe(400);
    expect(() => platform.emulator.misreportAuth({ account_id: 'x', keys: 'some' as 'new' })).toThrow(TypeError);
    expect((await platform.api('GET', '/auth')).body.auth_method).toBe('api_key_user');
  });
});

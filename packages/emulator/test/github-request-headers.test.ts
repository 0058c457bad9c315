// What GitHub refuses before the token: no User-Agent (403, its edge's plain page) and an
// X-GitHub-Api-Version it does not serve (400). Raw node:http, since fetch always sends a User-Agent.

import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GitHubEmulator, SUPPORTED_API_VERSIONS, startGitHubEmulator, USER_AGENT_REQUIRED } from '../src/index.js';
import { TOKENS, WRITE_TOKEN } from './github-harness.js';

let gh: GitHubEmulator;
beforeEach(async () => {
  gh = await startGitHubEmulator({ repos: ['acme/app'], tokens: TOKENS });
});
afterEach(() => gh.close());

function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; type: string | undefined; text: string; version?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${gh.url}${path}`, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          type: res.headers['content-type'],
          text,
          version: res.headers['x-github-api-version-selected'] as string | undefined,
        }),
      );
    });
    req.on('error', reject).end();
  });
}

const AUTH = { authorization: `Bearer ${WRITE_TOKEN}` };
const PATH = '/repos/acme/app/actions/secrets/public-key';

describe('request headers GitHub checks first', () => {
  it('answers 403 with its plain page to a request without a User-Agent, before the token is looked at', async () => {
    for (const headers of [AUTH, {}, { ...AUTH, 'user-agent': ' ' }]) {
      const reply = await get(PATH, headers);
      expect(reply).toMatchObject({ status: 403, type: 'text/html', text: USER_AGENT_REQUIRED });
    }
    expect(gh.log.entries().map((e) => e.status)).toEqual([403, 403, 403]);
  });

  it('answers 400 to an X-GitHub-Api-Version it does not serve, naming the ones it does', async () => {
    const reply = await get(PATH, { ...AUTH, 'user-agent': 'test', 'x-github-api-version': '2021-01-01' });
    expect(reply.status).toBe(400);
    const body = JSON.parse(reply.text);
    expect(body).toEqual({
      message: expect.stringContaining('"2021-01-01", is not a supported version'),
      documentation_url: expect.any(String),
      status: '400',
    });
    for (const version of SUPPORTED_API_VERSIONS) expect(body.message).toContain(`"${version}"`);
  });

  it('answers in the version asked for, 2022-11-28 when none is', async () => {
    const pinned = await get(PATH, { ...AUTH, 'user-agent': 'test', 'x-github-api-version': '2022-11-28' });
    expect(pinned).toMatchObject({ status: 200, version: '2022-11-28' });
    expect(await get(PATH, { ...AUTH, 'user-agent': 'test' })).toMatchObject({ status: 200, version: '2022-11-28' });
    expect(await get(PATH, { ...AUTH, 'user-agent': 'test', 'x-github-api-version': '2026-03-10' })).toMatchObject({
      status: 200,
      version: '2026-03-10',
    });
  });
});

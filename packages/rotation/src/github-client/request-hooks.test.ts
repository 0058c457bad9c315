// Which requests wait for a write's turn: every method but GET and HEAD, GraphQL too, never the
// token requests GitHub counts apart; read from the route as the hooks see it (a template with
// braces) and from absolute URLs, dot segments and encoded dots normalised as the URL parser does.

import { type GitHubEmulator, startGitHubEmulator } from '@keyturn/emulator';
import { systemRuntime } from '@keyturn/api/toolkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGitHubClient } from './octokit.js';
import { WriteSpacing } from './write-spacing.js';

const TOKEN = 'ghs_app_token_with_secrets_write';
let github: GitHubEmulator;

beforeAll(async () => {
  github = await startGitHubEmulator({ listen: false, repos: ['acme/app'], tokens: { [TOKEN]: 'write' } });
});
afterAll(async () => {
  await github.close();
});

/** Whether the request `route` (with `params`) took a write's turn; its answer (often a 404 here) does not matter. */
async function waitsForTurn(route: string, params: Record<string, unknown> = {}): Promise<boolean> {
  const spacing = new WriteSpacing(0, systemRuntime);
  let turns = 0;
  const turn = spacing.turn.bind(spacing);
  spacing.turn = () => {
    turns += 1;
    return turn();
  };
  const octokit = buildGitHubClient({ baseUrl: github.url, fetch: github.handler, writeSpacing: spacing, retries: 0 }, { auth: TOKEN });
  await octokit.request(route, params).catch(() => undefined);
  return turns === 1;
}

describe('the write spacing of a GitHub client', () => {
  it.each([
    ['GET /repos/{owner}/{repo}/actions/secrets/public-key', false],
    ['HEAD /repos/{owner}/{repo}', false],
    ['PUT /repos/{owner}/{repo}/actions/secrets/{secret_name}', true],
    ['DELETE /repos/{owner}/{repo}/actions/secrets/{secret_name}', true],
    ['PATCH /repos/{owner}/{repo}/actions/variables/{name}', true],
    ['POST /graphql', true],
    ['GET /graphql', true],
    ['POST /app/installations/{installation_id}/access_tokens', false],
    ['POST /applications/{client_id}/token', false],
    ['PATCH /applications/{client_id}/token/scoped', false],
    ['POST /login/oauth/access_token', false],
    ['POST /applications/{client_id}/token/scoped', true],
    ['PATCH /applications/{client_id}/token', true],
  ])('%s waits for a turn: %s', async (route, expected) => {
    expect(
      await waitsForTurn(route, { owner: 'acme', repo: 'app', secret_name: 'X', name: 'X', installation_id: 1, client_id: 'Iv1.abc' }),
    ).toBe(expected);
  });

  it('reads absolute URLs and normalises dot segments and encoded dots as the URL parser does', async () => {
    expect(await waitsForTurn(`POST ${github.url}/app/installations/1/access_tokens`)).toBe(false);
    expect(await waitsForTurn(`POST ${github.url}/repos/acme/app/dispatches`)).toBe(true);
    expect(await waitsForTurn('POST /app/installations/1/x/../access_tokens')).toBe(false);
    expect(await waitsForTurn('POST /app/installations/1/x/%2e%2e/access_tokens')).toBe(false);
    expect(await waitsForTurn('POST /app/installations/1/access_tokens/./x')).toBe(true);
  });
});

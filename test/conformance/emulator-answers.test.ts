// Every answer of both emulators, on every endpoint and status they serve, against the published
// descriptions' response schemas; in both shapes, and the sparse shape held to what it promises.

import { RESPONSE_SHAPES, startGitHubEmulator, startPlatformEmulator } from '@keyturn/emulator';
import { describe, expect, it } from 'vitest';
import { checkExchanges, operationKey, tally, WireRecorder } from './contract/recorder.js';
import { serviceContracts } from './contract/services.js';
import { sparseProblems } from './contract/sparse.js';
import { PROBE_WORLD, probeGitHub } from './probes/github-probe.js';
import { probePlatform } from './probes/platform-probe.js';

/** What the probes must have drawn from each emulator: `METHOD template status`. */
const PLATFORM_ANSWERS = [
  'POST /api_keys 200',
  'POST /api_keys 400',
  'POST /api_keys 413',
  'GET /api_keys 200',
  'GET /api_keys 401',
  'GET /api_keys 429',
  'DELETE /api_keys/{key_id} 200',
  'DELETE /api_keys/{key_id} 400',
  'DELETE /api_keys/{key_id} 404',
  'GET /projects 200',
  'GET /projects 400',
  'GET /projects 503',
  'GET /projects/{project_id}/operations 200',
  'GET /projects/{project_id}/operations 400',
  'GET /projects/{project_id}/operations 404',
  'GET /projects/{project_id}/operations/{operation_id} 200',
  'GET /projects/{project_id}/operations/{operation_id} 404',
  'POST /projects/{project_id}/branches 201',
  'POST /projects/{project_id}/branches 400',
  'POST /projects/{project_id}/branches 404',
  'POST /projects/{project_id}/branches 409',
  'POST /projects/{project_id}/branches 423',
  'GET /no_such_resource 404',
  'PUT /api_keys 405',
  'POST /organizations/{org_id}/api_keys 200',
  'POST /organizations/{org_id}/api_keys 400',
  'POST /organizations/{org_id}/api_keys 403',
  'POST /organizations/{org_id}/api_keys 404',
  'GET /organizations/{org_id}/api_keys 200',
  'GET /organizations/{org_id}/api_keys 403',
  'DELETE /organizations/{org_id}/api_keys/{key_id} 200',
  'DELETE /organizations/{org_id}/api_keys/{key_id} 403',
  'DELETE /organizations/{org_id}/api_keys/{key_id} 404',
  'GET /projects/{project_id}/operations 403',
  'POST /projects/{project_id}/branches 403',
  'GET /projects/{project_id} 200',
  'GET /projects/{project_id} 403',
  'GET /projects/{project_id} 404',
  'GET /users/me 200',
  'GET /users/me 403',
  'GET /users/me/organizations 200',
  'GET /auth 200',
  'GET /auth 401',
  'GET /organizations/{org_id} 200',
  'GET /organizations/{org_id} 403',
  'GET /organizations/{org_id} 404',
  'GET /projects/shared 200',
  'GET /projects/shared 400',
];

const SECRET_SCOPES = [
  '/repos/{owner}/{repo}/actions/secrets',
  '/repos/{owner}/{repo}/environments/{environment_name}/secrets',
  '/repos/{owner}/{repo}/dependabot/secrets',
  '/orgs/{org}/actions/secrets',
  '/repos/{owner}/{repo}/codespaces/secrets',
  '/orgs/{org}/codespaces/secrets',
  '/user/codespaces/secrets',
];
/** Secrets with selected repositories; an organization's answer 409 to a selection of a secret of another visibility. */
const SELECTIONS = ['/orgs/{org}/actions/secrets', '/orgs/{org}/codespaces/secrets', '/user/codespaces/secrets'];
const GITHUB_ANSWERS = [
  ...SECRET_SCOPES.flatMap((c) => [
    `GET ${c}/public-key 200`,
    `GET ${c} 200`,
    `GET ${c}/{secret_name} 200`,
    `GET ${c}/{secret_name} 404`,
    `PUT ${c}/{secret_name} 201`,
    `PUT ${c}/{secret_name} 204`,
    `PUT ${c}/{secret_name} 403`,
    `PUT ${c}/{secret_name} 422`,
    `DELETE ${c}/{secret_name} 204`,
    `DELETE ${c}/{secret_name} 404`,
  ]),
  ...SELECTIONS.flatMap((c) => [
    `GET ${c}/{secret_name}/repositories 200`,
    `PUT ${c}/{secret_name}/repositories 204`,
    `PUT ${c}/{secret_name}/repositories 422`,
    `PUT ${c}/{secret_name}/repositories/{repository_id} 204`,
    `DELETE ${c}/{secret_name}/repositories/{repository_id} 204`,
  ]),
  ...SELECTIONS.filter((c) => c.startsWith('/orgs/')).flatMap((c) => [
    `PUT ${c}/{secret_name} 422`,
    `PUT ${c}/{secret_name}/repositories/{repository_id} 409`,
    `DELETE ${c}/{secret_name}/repositories/{repository_id} 409`,
  ]),
  'GET /repos/{owner}/{repo} 200',
  'GET /repos/{owner}/{repo} 404',
  'GET /repos/{owner}/{repo}/environments 200',
  'GET /repos/{owner}/{repo}/environments/{environment_name} 200',
  'GET /repos/{owner}/{repo}/environments/{environment_name} 404',
  'GET /orgs/{org} 200',
  'GET /orgs/{org} 404',
  'GET /repos/{owner}/{repo}/actions/secrets/public-key 404',
  'GET /repos/{owner}/{repo}/actions/secrets 400',
  'GET /repos/{owner}/{repo}/actions/secrets 401',
  'GET /repos/{owner}/{repo}/actions/secrets 403',
  'GET /repos/{owner}/{repo}/actions/secrets 429',
  'GET /no/such/resource 404',
  'POST /repos/acme/web 404',
  'GET /app/installations 200',
  'GET /app/installations 401',
  'GET /repos/{owner}/{repo}/installation 200',
  'GET /repos/{owner}/{repo}/installation 404',
  'GET /orgs/{org}/installation 200',
  'GET /users/{username}/installation 200',
  'POST /app/installations/{installation_id}/access_tokens 201',
  'POST /app/installations/{installation_id}/access_tokens 401',
  'POST /app/installations/{installation_id}/access_tokens 404',
  'POST /app/installations/{installation_id}/access_tokens 422',
  'DELETE /installation/token 204',
  'GET /app 200',
  'GET /app 401',
  ...[
    'POST /repos/{owner}/{repo}/actions/variables 201',
    'POST /repos/{owner}/{repo}/actions/variables 409',
    'POST /repos/{owner}/{repo}/actions/variables 422',
  ],
  ...[
    'GET /repos/{owner}/{repo}/actions/variables 200',
    'GET /repos/{owner}/{repo}/actions/variables/{name} 200',
    'GET /repos/{owner}/{repo}/actions/variables/{name} 404',
  ],
  ...['PATCH /repos/{owner}/{repo}/actions/variables/{name} 204', 'PATCH /repos/{owner}/{repo}/actions/variables/{name} 403'],
  ...['PATCH /repos/{owner}/{repo}/actions/variables/{name} 404', 'PATCH /repos/{owner}/{repo}/actions/variables/{name} 409'],
  ...['DELETE /repos/{owner}/{repo}/actions/variables/{name} 204', 'DELETE /repos/{owner}/{repo}/actions/variables/{name} 404'],
  ...[
    'GET /repos/{owner}/{repo}/secret-scanning/alerts 200',
    'GET /repos/{owner}/{repo}/secret-scanning/alerts 403',
    'GET /repos/{owner}/{repo}/secret-scanning/alerts 404',
  ],
  ...['GET /orgs/{org}/secret-scanning/alerts 200', 'GET /orgs/{org}/secret-scanning/alerts 404'],
  ...[
    'GET /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number} 200',
    'GET /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number} 404',
  ],
  ...[
    'PATCH /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number} 200',
    'PATCH /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number} 400',
  ],
  ...[
    'PATCH /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number} 403',
    'PATCH /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number} 422',
  ],
];

describe.each(RESPONSE_SHAPES)('every answer of both emulators, %s shape', (shape) => {
  it('the platform emulator: every endpoint and status it serves fits the published description', async () => {
    const recorder = new WireRecorder();
    const platform = await startPlatformEmulator({ shape, onExchange: recorder.hook('platform') });
    try {
      await probePlatform(platform);
    } finally {
      await platform.close();
    }
    expect(new Set(recorder.exchanges.map(operationKey))).toEqual(new Set(PLATFORM_ANSWERS));
    const mismatches = checkExchanges(recorder.exchanges);
    console.log(tally(`platform emulator, ${shape}`, recorder.exchanges, mismatches.length));
    expect(mismatches).toEqual([]);
    if (shape === 'sparse') {
      expect(
        recorder.exchanges.flatMap((e) => sparseProblems(serviceContracts().platform, e).map((p) => `${operationKey(e)} ${p}`)),
      ).toEqual([]);
    }
  });

  it('the GitHub emulator: every endpoint and status it serves fits the published description', async () => {
    const recorder = new WireRecorder();
    const github = await startGitHubEmulator({ ...PROBE_WORLD, shape, onExchange: recorder.hook('github') });
    try {
      await probeGitHub(github);
    } finally {
      await github.close();
    }
    expect(new Set(recorder.exchanges.map(operationKey))).toEqual(new Set(GITHUB_ANSWERS));
    const mismatches = checkExchanges(recorder.exchanges);
    console.log(tally(`GitHub emulator, ${shape}`, recorder.exchanges, mismatches.length));
    expect(mismatches).toEqual([]);
    if (shape === 'sparse') {
      expect(recorder.exchanges.flatMap((e) => sparseProblems(serviceContracts().github, e).map((p) => `${operationKey(e)} ${p}`))).toEqual(
        [],
      );
    }
  });
});

// The main job: what a user's workflows do, on the embedded emulators, through the bundled Actions
// run exactly as a runner runs them. A first rotation from a console-made key (revoking it), a second
// rotation from the key the secret then holds, a project-scoped deploy key rotated with that personal
// key as its managing key, a key of an app on Vercel (its production variable written, the project
// redeployed and awaited before the old key goes), a deploy that creates a branch and waits for its operations, and a leak:
// the key is found in the repository, secret scanning raises an alert, and the scheduled alert-mode
// run rotates the key out, revokes it and resolves the alert.
// Everything stays on loopback. `--verbose` shows the Actions' own logs.

import { randomBytes } from 'node:crypto';
import { startGitHubEmulator, startPlatformEmulator, startVercelEmulator } from '@keyturn/emulator';
import { type ActionRun, findLeaks, locateAction, runAction } from '@keyturn/action-runner';
import { Report } from './report.js';

const ROTATE_KEY = locateAction('@keyturn/action-rotate-key', import.meta.url);
const WAIT_FOR_OPERATION = locateAction('@keyturn/action-wait-for-operation', import.meta.url);
const REPOSITORY = 'acme/app';
const SECRET = 'NEON_API_KEY';
const DEPLOY_SECRET = 'NEON_DEPLOY_KEY';
/** The key the app deployed on Vercel reads at run time. */
const APP_SECRET = 'NEON_APP_KEY';
const VERCEL_PROJECT = { project: 'app', team: 'acme' };
/** The secret type of the custom pattern an owner defines for the platform's keys (README, "When a key leaks"). */
const SECRET_TYPE = 'custom_pattern_platform_api_key';
const TARGETS = [`repo:${REPOSITORY}`, `env:${REPOSITORY}:production`];
const verbose = process.argv.includes('--verbose');

const report = new Report();
const platform = await startPlatformEmulator({ operationTimings: { schedulingMs: 400, runningMs: 1200 } });
const githubToken = `github_pat_demo_${randomBytes(16).toString('hex')}`;
const github = await startGitHubEmulator({
  repos: [REPOSITORY],
  environments: { [REPOSITORY]: ['production'] },
  tokens: { [githubToken]: 'write' },
});
const vercelToken = `vercel_demo_${randomBytes(12).toString('hex')}`;
// Builds take a second and a half: the run reads the redeploy while it builds, then once READY.
const vercel = await startVercelEmulator({
  projects: ['acme/app'],
  tokens: { [vercelToken]: { teams: { acme: 'member' } } },
  buildTimes: { queuedMs: 0, buildMs: 0 },
});
const repoTarget = { kind: 'repo', owner: 'acme', repo: 'app' } as const;
const envTarget = { kind: 'env', owner: 'acme', repo: 'app', environment: 'production' } as const;
const runs: ActionRun[] = [];
const keyValues = new Set<string>();

try {
  report.heading('keyturn main job, on local emulators (loopback only)');
  report.line(`platform API  ${platform.url}`);
  report.line(`GitHub API    ${github.url}`);
  report.line(`Vercel API    ${vercel.url}`);

  const consoleKey = platform.createKey('made-in-the-console');
  keyValues.add(consoleKey.key);
  github.putSecretValue(repoTarget, SECRET, consoleKey.key);
  github.putSecretValue(envTarget, SECRET, consoleKey.key);
  report.heading(`1. Before: a key made in the console (id ${consoleKey.id}) sits in ${SECRET} of ${TARGETS.join(' and ')}`);

  report.heading(`2. First rotation: rotate-key with revoke-key-ids: ${consoleKey.id}`);
  const first = await rotate({ 'revoke-key-ids': String(consoleKey.id) });
  report.check(
    first.outputs['revoked-key-ids'] === JSON.stringify([consoleKey.id]),
    `revoked the console key: revoked-key-ids = ${first.outputs['revoked-key-ids']}`,
  );

  report.heading('3. Second rotation, from the key the secret now holds (keep: 1)');
  const second = await rotate({});
  report.check(
    second.outputs['revoked-key-ids'] === JSON.stringify([Number(first.outputs['key-id'])]),
    `revoked the first rotation's key: revoked-key-ids = ${second.outputs['revoked-key-ids']}`,
  );

  report.heading('4. After: what the secrets hold and which keys still work');
  const held = [github.secretValue(repoTarget, SECRET), github.secretValue(envTarget, SECRET)];
  report.check(held[0] !== undefined && held[0] === held[1], 'both targets hold the same key (opened from their sealed boxes)');
  report.check(held[0] !== undefined && platform.isKeyValid(held[0]), 'that key works against the platform API');
  const live = platform.listKeys().filter((k) => !k.revoked);
  report.check(
    live.length === 1 && String(live[0]?.id) === second.outputs['key-id'],
    `one key is valid in the account: ${live.map((k) => `${k.id} ${k.name}`).join(', ')}`,
  );

  report.heading('5. A project-scoped deploy key, rotated with the personal key above as its managing key');
  const org = platform.createOrganization({ name: 'Acme' });
  const shop = platform.createProject({ name: 'shop', org_id: org.id });
  const consoleDeployKey = platform.createOrgKey(org.id, 'deploy-made-in-the-console', { projectId: shop.id });
  keyValues.add(consoleDeployKey.key);
  github.putSecretValue(repoTarget, DEPLOY_SECRET, consoleDeployKey.key);
  const deploy = await act('rotate-key', ROTATE_KEY, {
    'api-key': consoleDeployKey.key,
    'api-url': platform.url,
    'github-token': githubToken,
    'secret-name': DEPLOY_SECRET,
    targets: `repo:${REPOSITORY}`,
    'key-kind': 'project',
    'org-id': org.id,
    'project-id': shop.id,
    'managing-api-key': held[0] ?? '',
    'revoke-key-ids': String(consoleDeployKey.id),
  });
  const deployHeld = github.secretValue(repoTarget, DEPLOY_SECRET);
  if (deployHeld) keyValues.add(deployHeld);
  const madeDeployKey = platform.listKeys().find((k) => String(k.id) === deploy.outputs['key-id']);
  report.check(
    madeDeployKey?.project_id === shop.id && deployHeld !== undefined && platform.isKeyValid(deployHeld),
    `${DEPLOY_SECRET} holds key ${deploy.outputs['key-id']}, scoped to project ${shop.id}; revoked-key-ids = ${deploy.outputs['revoked-key-ids']}`,
  );
  report.check(!platform.isKeyValid(consoleDeployKey.key), 'the console-made deploy key no longer works');
  report.check(!speaksOf(deploy, SECRET, familyOf(second)), `the run names nothing of ${SECRET} and its family: families stay apart`);

  report.heading(
    `6. An app on Vercel reads ${APP_SECRET}: its production variable rotated, production redeployed, READY, then the old key revoked`,
  );
  const consoleAppKey = platform.createKey('app-key-made-in-the-console');
  keyValues.add(consoleAppKey.key);
  github.putSecretValue(repoTarget, APP_SECRET, consoleAppKey.key);
  vercel.setEnv(VERCEL_PROJECT, { key: APP_SECRET, value: consoleAppKey.key, type: 'sensitive', target: ['production'] });
  const serving = vercel.deploy(VERCEL_PROJECT);
  vercel.setBuildTimes({ queuedMs: 0, buildMs: 1500 });
  const app = await act('rotate-key', ROTATE_KEY, {
    'api-key': consoleAppKey.key,
    'api-url': platform.url,
    'github-token': githubToken,
    'vercel-token': vercelToken,
    'vercel-url': vercel.url,
    'secret-name': APP_SECRET,
    targets: `repo:${REPOSITORY}\nvercel:app@acme`,
    'revoke-key-ids': String(consoleAppKey.id),
  });
  const appKey = vercel.envs(VERCEL_PROJECT).find((v) => v.key === APP_SECRET)?.value;
  if (appKey) keyValues.add(appKey);
  const [redeploy] = vercel.deployments(VERCEL_PROJECT);
  report.check(
    appKey !== undefined && appKey === github.secretValue(repoTarget, APP_SECRET),
    `${APP_SECRET} holds key ${app.outputs['key-id']} in repo:${REPOSITORY} and in vercel:app@acme (sensitive)`,
  );
  report.check(
    redeploy?.redeployOf === serving.id && redeploy.readyState === 'READY' && vercel.servedValue(VERCEL_PROJECT, APP_SECRET) === appKey,
    `production redeployed (${redeploy?.url}): READY, built with the new key`,
  );
  const revokedAt = platform.log.entries({ method: 'DELETE' }).at(-1)?.time;
  report.check(
    !platform.isKeyValid(consoleAppKey.key) &&
      revokedAt !== undefined &&
      Date.parse(revokedAt) >= (redeploy?.doneAt ?? Number.POSITIVE_INFINITY),
    'the console-made app key was revoked once the redeploy was READY, not before',
  );

  report.heading('7. Deploy: create a branch with the platform API, then wait-for-operation on its operations');
  const key = held[0] ?? '';
  const project = platform.createProject({ name: 'shop' });
  const response = await fetch(`${platform.url}/projects/${project.id}/branches`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ branch: { name: 'preview-42' } }),
  });
  const created = (await response.json()) as { operations: Array<{ id: string; action: string; status: string }> };
  const [applyConfig] = platform.startOperations(project.id, [{ action: 'apply_config', runningMs: 800 }]);
  const ids = [...created.operations.map((o) => o.id), applyConfig!.id];
  report.line(
    `POST /projects/${project.id}/branches -> ${response.status}: ${created.operations.map((o) => `${o.action} (${o.status})`).join(', ')}`,
  );
  report.line(`plus apply_config (${applyConfig!.status}) started by the control plane`);
  const wait = await act('wait-for-operation', WAIT_FOR_OPERATION, {
    'api-key': key,
    'api-url': platform.url,
    'project-id': project.id,
    'operation-ids': JSON.stringify(ids),
    interval: '250ms',
    timeout: '60s',
  });
  const waited = JSON.parse(wait.outputs.operations ?? '[]') as Array<{ action: string; status: string; duration: number | null }>;
  report.check(wait.outputs.status === 'finished', `status = ${wait.outputs.status}`);
  for (const op of waited) report.line(`${op.action.padEnd(14)} ${op.status.padEnd(9)} ${op.duration ?? '?'} ms`);

  report.heading('8. A key leaks: pushed to the repository, found by secret scanning, answered by the scheduled alert-mode run');
  // The token the alert-mode workflow uses also reads and resolves alerts ("Secret scanning alerts: read and write").
  github.addToken(githubToken, 'write', { secretScanningAlerts: 'write' });
  const leaked = github.secretValue(repoTarget, SECRET) ?? '';
  const alert = github.raiseSecretScanningAlert(REPOSITORY, { secretType: SECRET_TYPE, secret: leaked });
  report.line(`secret scanning raised alert ${REPOSITORY}#${alert.number} (${SECRET_TYPE}): the key in ${SECRET} is in a commit`);
  const answered = await rotate({ 'alert-secret-type': SECRET_TYPE });
  const [resolved] = github.secretScanningAlerts(REPOSITORY);
  report.check(!platform.isKeyValid(leaked), 'the leaked key no longer works against the platform API');
  const renewed = [github.secretValue(repoTarget, SECRET), github.secretValue(envTarget, SECRET)];
  report.check(
    renewed[0] !== undefined && renewed[0] === renewed[1] && renewed[0] !== leaked && platform.isKeyValid(renewed[0]),
    'both targets hold a new, working key',
  );
  report.check(
    resolved?.state === 'resolved' && resolved.resolution === 'revoked' && resolved.history.length === 1,
    `alert ${REPOSITORY}#${alert.number} resolved once as revoked: resolved-alerts = ${answered.outputs['resolved-alerts']}`,
  );
  const took = /revoked ([^;]+?) after this run started/.exec(answered.summary)?.[1];
  report.check(took !== undefined, `job summary: the leaked key was revoked ${took ?? '(not said)'} after the scheduled run started`);
  report.check(!speaksOf(answered, DEPLOY_SECRET, familyOf(deploy)), `the run names nothing of ${DEPLOY_SECRET} and its family`);
  for (const value of renewed) if (value) keyValues.add(value);

  report.heading('9. Leaks: no key value or token in any log, output or job summary');
  for (const value of held) if (value) keyValues.add(value);
  const leaks = runs.flatMap((run) => findLeaks(run, [...keyValues, githubToken, vercelToken]));
  report.check(
    leaks.length === 0,
    `searched ${runs.length} runs for ${keyValues.size} key values and the token${leaks.length ? `: ${leaks.join('; ')}` : ''}`,
  );
} finally {
  await Promise.all([platform.close(), github.close(), vercel.close()]);
}
process.exitCode = report.finish();

/**
 * True when a run's log or summary names `secret` or its key family. Its request lines are left
 * out: a run reads whether another secret still exists where its record says (a rename, or another
 * workflow's secret), and such a line names a path, not a family.
 */
function speaksOf(run: ActionRun, secret: string, family: string): boolean {
  const lines = `${run.visibleStdout}\n${run.summary}`.split('\n').filter((line) => !/^GitHub GET \S+ -> \d{3} in /.test(line));
  return lines.some((line) => line.includes(secret) || line.includes(family));
}

/** The key family of the key a run made: its name without the timestamp and suffix. */
function familyOf(run: ActionRun): string {
  return (run.outputs['key-name'] ?? '').replace(/-\d{8}T\d{6}Z-[a-z0-9]+$/, '');
}

/** One rotate-key run with the key the repository secret holds now, as the scheduled workflow does. */
async function rotate(inputs: Record<string, string>): Promise<ActionRun> {
  const current = github.secretValue(repoTarget, SECRET) ?? '';
  const run = await act('rotate-key', ROTATE_KEY, {
    'api-key': current,
    'api-url': platform.url,
    'github-token': githubToken,
    'secret-name': SECRET,
    targets: TARGETS.join('\n'),
    ...inputs,
  });
  const written = github.secretValue(repoTarget, SECRET);
  if (written) keyValues.add(written);
  report.line(`new key ${run.outputs['key-id']} ${run.outputs['key-name']}, written to ${run.outputs.targets}`);
  return run;
}

async function act(name: string, dir: string, inputs: Record<string, string>): Promise<ActionRun> {
  const started = performance.now();
  const run = await runAction(dir, {
    inputs,
    env: {
      GITHUB_REPOSITORY: REPOSITORY,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: String(runs.length + 1),
    },
  });
  runs.push(run);
  report.actionRun(name, run, performance.now() - started, verbose);
  return run;
}

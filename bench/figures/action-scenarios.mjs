// The steps the start-up figure runs: each yields the inputs of the next run and checks that the
// run did its job (a benchmark of a run that failed early would flatter it).

import { actions } from '../lib/workspace.mjs';

const REPOSITORY = { kind: 'repo', owner: 'acme', repo: 'app' };
const SECRET = 'NEON_API_KEY';

/** Runner output as the runner shows it: without the `::add-mask::` lines, which hold secrets. */
function visibleOutput(run) {
  return `${run.visibleStdout}\n${run.stderr}`.trim().slice(-1500);
}

function failIfNot(condition, name, run, what) {
  if (!condition) throw new Error(`${name} Action run did not ${what} (exit ${run.exitCode}):\n${visibleOutput(run)}`);
}

/** Rotates the key in one repository secret, run after run: each run's new key is the next run's key. */
export function rotateKeyScenario(platform, github) {
  let currentKey = platform.createKey('made-in-console').key;
  return {
    name: 'rotate-key',
    packageDir: 'actions/rotate-key',
    ...actions['rotate-key'],
    // Prove the current key (list), public key of the target, create, verify the new key (list),
    // write the secret, revoke the previous key.
    floorRequests: 6,
    description:
      'rotate-key rotates the key held in one repository secret (`targets: repo:acme/app`, `keep: 1`), so each run revokes the key the previous run made; its floor is 6 requests (prove the current key, the target\'s public key, create, verify the new key, write the secret, revoke the old key).',
    nextStep: () => ({
      inputs: { 'api-key': currentKey, 'api-url': platform.url, 'github-token': 'ghp_bench-write', targets: 'repo:acme/app' },
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/app' },
    }),
    check(run) {
      failIfNot(run.exitCode === 0 && run.outputs['key-id'], 'rotate-key', run, 'rotate the key');
      const stored = github.secretValue(REPOSITORY, SECRET);
      failIfNot(stored && stored !== currentKey && platform.isKeyValid(stored), 'rotate-key', run, 'store a new working key');
      failIfNot(!platform.isKeyValid(currentKey) || run.outputs['revoked-key-ids'] === '[]', 'rotate-key', run, 'revoke the old key');
      currentKey = stored;
    },
  };
}

/** Waits on two operations of a project that have already finished: one polling round. */
export function waitScenario(platform) {
  const key = platform.createKey('bench-wait').key;
  const project = platform.createProject({ name: 'bench-action-wait' });
  return {
    name: 'wait-for-operation',
    packageDir: 'actions/wait-for-operation',
    ...actions['wait-for-operation'],
    // One page of the operation list (or one GET per operation) answers for both.
    floorRequests: 1,
    description:
      'wait-for-operation waits on two operations that have already finished (as after a create-branch step whose operations are done), so one polling round settles it.',
    nextStep() {
      const operations = platform.startOperations(project.id, [
        { action: 'create_branch', schedulingMs: 0, runningMs: 0 },
        { action: 'start_compute', schedulingMs: 0, runningMs: 0 },
      ]);
      return {
        inputs: { 'api-key': key, 'api-url': platform.url, 'project-id': project.id, 'operation-ids': operations.map((o) => o.id).join(',') },
        env: {},
      };
    },
    check(run) {
      failIfNot(run.exitCode === 0 && run.outputs.status === 'finished', 'wait-for-operation', run, 'report finished operations');
    },
  };
}

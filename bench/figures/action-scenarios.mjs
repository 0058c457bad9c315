// The steps the start-up figure runs: each yields the inputs of the next run and checks that the
// run did its job (a benchmark of a run that failed early would flatter it).

import { actions } from '../lib/workspace.mjs';

const REPOSITORY = { kind: 'repo', owner: 'acme', repo: 'app' };
const SECRET = 'NEON_API_KEY';
/** The token the GitHub emulator lets write secrets and variables of acme/app. */
export const GITHUB_TOKEN = 'ghp_bench-write';
/**
 * The services a steady-state rotation into one repository talks to, in order (issue #14: the
 * rotation keeps a target record, a repository variable, written before and after the secret).
 * `github-write` is a GitHub write: the floor starts it no sooner after the previous one than the
 * rotation's write spacing allows, as any client following GitHub's best practices must.
 */
const ROTATION_REQUESTS = [
  'platform', // GET /api_keys: the current key works
  'github', // GET the secrets public key
  'github', // GET the repository variables: the target record
  'platform', // POST /api_keys: create
  'platform', // GET /api_keys with the new key: verify
  'github-write', // PATCH the record: new key pending
  'github-write', // PUT the secret
  'github-write', // PATCH the record: new key stored
  'platform', // GET /api_keys: what to revoke
  'platform', // DELETE /api_keys/{id}: revoke the previous key
];

/** Runner output as the runner shows it: without the `::add-mask::` lines, which hold secrets. */
function visibleOutput(run) {
  return `${run.visibleStdout}\n${run.stderr}`.trim().slice(-1500);
}

function failIfNot(condition, name, run, what) {
  if (!condition) throw new Error(`${name} Action run did not ${what} (exit ${run.exitCode}):\n${visibleOutput(run)}`);
}

/** Rotates the key in one repository secret, run after run: each run's new key is the next run's key. */
export function rotateKeyScenario(platform, github, writeSpacingMs) {
  const writes = ROTATION_REQUESTS.filter((s) => s === 'github-write').length;
  let currentKey = platform.createKey('made-in-console').key;
  return {
    name: 'rotate-key',
    packageDir: 'actions/rotate-key',
    ...actions['rotate-key'],
    floorServices: ROTATION_REQUESTS,
    description: `rotate-key rotates the key held in one repository secret (\`targets: repo:acme/app\`, \`keep: 1\`), so each run revokes the key the previous run made; its floor is the ${ROTATION_REQUESTS.length} requests of a recorded rotation, ${ROTATION_REQUESTS.filter((s) => s === 'platform').length} of them to the platform (prove the current key, create, verify the new key, list the keys, revoke the old key) and the rest to GitHub (the target's public key, read the target record, mark it pending, write the secret, mark it done); like the Action, the floor starts each of its ${writes} GitHub writes at least ${writeSpacingMs} ms after the previous one (the rotation's \`GITHUB_WRITE_INTERVAL_MS\`, GitHub's best practice of "at least one second between each" mutating request), so its last write starts at least ${writes - 1} × ${writeSpacingMs} ms after its first, as no compliant client can avoid.`,
    floorWriteSpacingMs: writeSpacingMs,
    /** The least time from the first GitHub write's start to the last one's. */
    writeSpacingTotalMs: (writes - 1) * writeSpacingMs,
    nextStep: () => ({
      inputs: { 'api-key': currentKey, 'api-url': platform.url, 'github-token': GITHUB_TOKEN, targets: 'repo:acme/app' },
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
    floorServices: ['platform'],
    floorWriteSpacingMs: 0,
    writeSpacingTotalMs: 0,
    description:
      'wait-for-operation waits on two operations that have already finished (as after a create-branch step whose operations are done), so one polling round settles it.',
    nextStep() {
      const operations = platform.startOperations(project.id, [
        { action: 'create_branch', schedulingMs: 0, runningMs: 0 },
        { action: 'start_compute', schedulingMs: 0, runningMs: 0 },
      ]);
      return {
        inputs: {
          'api-key': key,
          'api-url': platform.url,
          'project-id': project.id,
          'operation-ids': operations.map((o) => o.id).join(','),
        },
        env: {},
      };
    },
    check(run) {
      failIfNot(run.exitCode === 0 && run.outputs.status === 'finished', 'wait-for-operation', run, 'report finished operations');
    },
  };
}

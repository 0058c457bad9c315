// What a rotation costs, counted in the emulators' request logs: the preflight's public key of each
// target is the one its value is sealed with (fetched again only when GitHub refuses a stale
// key_id), the back-off check reads the verify step's listing, and the preflight reads up to 3
// targets at a time while the writes stay one at a time.

import { describe, expect, it, vi } from 'vitest';
import { FetchGates } from './gated-fetch.js';
import { checkInvariants } from './invariants.js';
import { runRotation } from './run.js';
import { ENV_SECRET_PATH, REPO, REPO_SECRET_PATH, SECRET, useFreshWorld, type World } from './world.js';

let world: World;
useFreshWorld((fresh) => {
  world = fresh;
});

const REPO_PUBLIC_KEY = '/repos/acme/web/actions/secrets/public-key';
const ENV_PUBLIC_KEY = '/repos/acme/web/environments/production/secrets/public-key';

/** `METHOD path status` of the GitHub requests whose path is one of `paths`, in the order they were answered. */
const githubRequests = (...paths: string[]) =>
  world.github.log
    .entries()
    .filter((r) => paths.includes(r.path))
    .map((r) => `${r.method} ${r.path} ${r.status}`);

describe('requests of a rotation', () => {
  it('one target: 6 platform requests plus the revocations, and 2 GitHub requests', async () => {
    const run = await runRotation(world, { targets: [REPO] });
    expect(run.error?.message).toBeUndefined();
    const newActor = `key:${run.report!.keyId}`;
    const currentActor = `key:${world.currentKey.id}`;
    expect(world.platform.log.entries().map((r) => `${r.method} ${r.path} ${r.actor}`)).toEqual([
      `GET /api_keys ${currentActor}`, // preflight: proves the current key
      `GET /auth ${currentActor}`, // preflight: the platform's word on the current key's account and kind
      `POST /api_keys ${currentActor}`, // create
      `GET /api_keys ${newActor}`, // verify, and the back-off check before the first write
      `GET /auth ${newActor}`, // verify: the new key is of the same account and kind
      `GET /api_keys ${newActor}`, // revoke: proves the new key once more, picks what to revoke
      `DELETE /api_keys/${world.consoleKey.id} ${newActor}`,
      `DELETE /api_keys/${world.currentKey.id} ${newActor}`,
    ]);
    expect(githubRequests(REPO_PUBLIC_KEY, REPO_SECRET_PATH)).toEqual([`GET ${REPO_PUBLIC_KEY} 200`, `PUT ${REPO_SECRET_PATH} 204`]);
    expect(world.github.log.entries()).toHaveLength(2);
    expect(world.github.secretValue(REPO, SECRET)).toBe(run.createdValues[0]);
  });

  it('two targets: each public key fetched once, by the preflight, then one write each', async () => {
    const run = await runRotation(world);
    expect(run.error?.message).toBeUndefined();
    expect(githubRequests(REPO_PUBLIC_KEY, REPO_SECRET_PATH)).toEqual([`GET ${REPO_PUBLIC_KEY} 200`, `PUT ${REPO_SECRET_PATH} 204`]);
    expect(githubRequests(ENV_PUBLIC_KEY, ENV_SECRET_PATH)).toEqual([`GET ${ENV_PUBLIC_KEY} 200`, `PUT ${ENV_SECRET_PATH} 204`]);
    expect(world.github.log.entries()).toHaveLength(4);
    // Preflight (keys, then GET /auth), verify (keys, then GET /auth), a check for a newer rotation before the second write (new key), revoke.
    expect(world.platform.log.entries({ method: 'GET' }).map((r) => r.actor)).toEqual([
      ...Array(2).fill(`key:${world.currentKey.id}`),
      ...Array(4).fill(`key:${run.report!.keyId}`),
    ]);
    checkInvariants(world, run);
  });
});

describe('a write that keeps failing without an answer', () => {
  it('adds one read of the secret, after the write and the write-back, and no other GitHub request', async () => {
    world.github.faults.add({ kind: 'status', status: 502, method: 'PUT', path: REPO_SECRET_PATH, times: 'always' });
    const run = await runRotation(world, { targets: [REPO], github: world.githubOptions({ retries: 1 }) });
    expect(run.error?.message).toMatch(
      /No target had been written and the new key \d+ was revoked; repo:acme\/web keeps the key it held before/,
    );
    expect(githubRequests(REPO_PUBLIC_KEY, REPO_SECRET_PATH)).toEqual([
      `GET ${REPO_PUBLIC_KEY} 200`,
      `PUT ${REPO_SECRET_PATH} 502`, // the new key, and its one retry
      `PUT ${REPO_SECRET_PATH} 502`,
      `PUT ${REPO_SECRET_PATH} 502`, // the previous key written back, and its one retry
      `PUT ${REPO_SECRET_PATH} 502`,
      `GET ${REPO_SECRET_PATH} 200`, // updated_at, earlier than the public key's Date
    ]);
    expect(world.github.log.entries()).toHaveLength(6);
    expect(world.platform.isKeyValid(run.createdValues[0]!)).toBe(false);
    checkInvariants(world, run);
  });
});

describe('a public key that changes during the run', () => {
  it('changed between preflight and store: the write is refused (422), the key fetched once more, the write retried once', async () => {
    const run = await runRotation(world, {
      onLog: ({ message }) => {
        if (/^Plan: /.test(message)) world.github.rotatePublicKey(REPO);
      },
    });
    expect(run.error?.message).toBeUndefined();
    expect(world.held()).toEqual([run.createdValues[0], run.createdValues[0]]);
    expect(githubRequests(REPO_PUBLIC_KEY, REPO_SECRET_PATH)).toEqual([
      `GET ${REPO_PUBLIC_KEY} 200`,
      `PUT ${REPO_SECRET_PATH} 422`,
      `GET ${REPO_PUBLIC_KEY} 200`,
      `PUT ${REPO_SECRET_PATH} 204`,
    ]);
    expect(githubRequests(ENV_PUBLIC_KEY, ENV_SECRET_PATH)).toEqual([`GET ${ENV_PUBLIC_KEY} 200`, `PUT ${ENV_SECRET_PATH} 204`]);
    expect(run.logs.map((l) => l.message)).toContainEqual(
      expect.stringMatching(/^The public key of repo:acme\/web changed during the run: the value was sealed again with key \S+$/),
    );
    checkInvariants(world, run);
  });

  it('changed twice: the write is retried only once, and the run rolls back', async () => {
    world.github.faults.add({ kind: 'status', status: 422, method: 'PUT', path: REPO_SECRET_PATH, times: 'always' });
    const run = await runRotation(world, {
      onLog: ({ message }) => {
        if (/^Plan: /.test(message)) world.github.rotatePublicKey(REPO);
      },
    });
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(/No target had been written and the new key \d+ was revoked/);
    expect(githubRequests(REPO_PUBLIC_KEY, REPO_SECRET_PATH)).toEqual([
      `GET ${REPO_PUBLIC_KEY} 200`,
      `PUT ${REPO_SECRET_PATH} 422`,
      `GET ${REPO_PUBLIC_KEY} 200`,
      `PUT ${REPO_SECRET_PATH} 422`,
    ]);
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
    checkInvariants(world, run);
  });

  it('a 422 with the same key is not a stale key: one look at the key, no second write', async () => {
    world.github.faults.add({ kind: 'status', status: 422, method: 'PUT', path: REPO_SECRET_PATH });
    const run = await runRotation(world);
    expect(run.error?.step).toBe('store');
    expect(run.error?.message).toMatch(/GitHub answered 422.*GitHub refused the request/);
    expect(githubRequests(REPO_PUBLIC_KEY, REPO_SECRET_PATH)).toEqual([
      `GET ${REPO_PUBLIC_KEY} 200`,
      `PUT ${REPO_SECRET_PATH} 422`,
      `GET ${REPO_PUBLIC_KEY} 200`,
    ]);
    checkInvariants(world, run);
  });

  it('changed before a rollback: writing the previous key back falls back the same way', async () => {
    world.github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: ENV_SECRET_PATH });
    const run = await runRotation(world, {
      onLog: ({ message }) => {
        if (message.startsWith(`${REPO} holds the new key`)) world.github.rotatePublicKey(REPO);
      },
    });
    expect(run.error?.step).toBe('store');
    expect(run.error?.report.restoredTargets).toEqual([REPO]);
    expect(run.error?.report.newKeyRevoked).toBe(true);
    expect(world.held()).toEqual([world.currentKey.key, world.currentKey.key]);
    expect(githubRequests(REPO_PUBLIC_KEY, REPO_SECRET_PATH)).toEqual([
      `GET ${REPO_PUBLIC_KEY} 200`,
      `PUT ${REPO_SECRET_PATH} 204`, // the new key
      `PUT ${REPO_SECRET_PATH} 422`, // the previous key, sealed with the key the preflight fetched
      `GET ${REPO_PUBLIC_KEY} 200`,
      `PUT ${REPO_SECRET_PATH} 204`, // the previous key, sealed again
    ]);
    expect(githubRequests(ENV_PUBLIC_KEY, ENV_SECRET_PATH)).toEqual([`GET ${ENV_PUBLIC_KEY} 200`, `PUT ${ENV_SECRET_PATH} 403`]);
    checkInvariants(world, run);
  });
});

describe('the preflight reads targets 3 at a time', () => {
  const repos = Array.from({ length: 10 }, (_, i) => `acme/r${i}`);
  const publicKeyPath = (repo: string) => `/repos/${repo}/actions/secrets/public-key`;

  it('has 3 public-key reads in flight at once, then writes one at a time in spec order', async () => {
    for (const repo of repos) world.github.addRepo(repo);
    const gates = new FetchGates();
    const reads = repos.map((repo) => gates.hold('GET', publicKeyPath(repo)));
    const reached = reads.map(() => false);
    reads.forEach((gate, i) => void gate.reached.then(() => (reached[i] = true)));

    const running = runRotation(world, { gates, targets: repos.map((r) => `repo:${r}`), revokeKeyIds: [] });
    // Before the change the second read never started while the first was held.
    await Promise.all(reads.slice(0, 3).map((gate) => gate.reached));
    // No read can end while held, so no fourth read can have started.
    expect(reached).toEqual([...Array(3).fill(true), ...Array(7).fill(false)]);
    expect(world.github.log.entries()).toEqual([]);
    for (const gate of reads) gate.release();
    const run = await running;

    expect(run.error?.message).toBeUndefined();
    const github = world.github.log.entries();
    expect(
      github
        .filter((r) => r.method === 'GET')
        .map((r) => r.path)
        .sort(),
    ).toEqual(repos.map(publicKeyPath).sort());
    expect(github.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(
      repos.map((repo) => `/repos/${repo}/actions/secrets/${SECRET}`),
    );
    // Every read came before the first write.
    expect(github.slice(0, 10).every((r) => r.method === 'GET')).toBe(true);
    expect(run.logs.filter((l) => / is reachable /.test(l.message)).map((l) => l.message.split(' ')[0])).toEqual(
      repos.map((r) => `repo:${r}`),
    );
  }, 10_000);

  it('reports the first failing target in spec order, whichever answer came first', async () => {
    // r2 and r5 do not exist; r5's 404 comes back while r2's read is still held.
    for (const repo of repos.filter((r) => r !== 'acme/r2' && r !== 'acme/r5')) world.github.addRepo(repo);
    const gates = new FetchGates();
    const r2 = gates.hold('GET', publicKeyPath('acme/r2'));
    const running = runRotation(world, { gates, targets: repos.map((r) => `repo:${r}`), revokeKeyIds: [] });
    await r2.reached;
    const r5Answered = () => expect(world.github.log.entries({ path: publicKeyPath('acme/r5') })).toHaveLength(1);
    await vi.waitFor(r5Answered, { timeout: 5000 });
    r2.release();
    const run = await running;

    expect(run.error?.step).toBe('preflight');
    expect(run.error?.message).toMatch(/^Target repo:acme\/r2 cannot take the secret NEON_API_KEY: .*404/);
    expect(run.error?.message).not.toMatch(/r5/);
    expect(run.logs.filter((l) => / is reachable /.test(l.message)).map((l) => l.message.split(' ')[0])).toEqual([
      'repo:acme/r0',
      'repo:acme/r1',
    ]);
    expect(world.platform.log.entries({ method: 'POST' })).toEqual([]);
    expect(world.github.log.entries({ method: 'PUT' })).toEqual([]);
  }, 10_000);
});

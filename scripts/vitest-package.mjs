// What every package's vitest config shares, so each config holds only what is its own: the
// workspace builds loaded natively, built before the tests, and every core (vitest's default leaves
// one idle: cores - 1, half of this 2-core machine).

import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

// The workspace packages' builds (their dist/) load as Node loads them, not through vitest's module
// transform: a transformed module reads every import through an accessor, and the clients' and
// emulators' hot paths paid for it on every request (the simulator's crash and Vercel matrices: 109
// CPU-s inlined, 82 native). Nothing mocks a workspace package (tests use the real clients).
export const nativeWorkspaceBuilds = { deps: { external: [/\/(packages|actions)\/[^/]+\/dist\//] } };

/** Builds the package and the workspace packages it imports first (turbo, cached). */
const BUILD_FIRST = fileURLToPath(new URL('./build-before-tests.mjs', import.meta.url));

/**
 * Tests of code that runs in the test's own process: worker threads, not forked processes (none
 * changes directory or handles signals; a thread has its own copy of process.env, and is cheaper to
 * start and to talk to: api's 499 tests, 32.3 CPU-s against 34.8 and 35.6 forked); the files share
 * no global state, so a worker imports the package once, not once a file.
 */
export const inProcess = { pool: 'threads', isolate: false };

/**
 * Tests whose cases mostly wait on child processes (GitHub's one-second spacing between writes):
 * two files a core (a percentage would be capped at the core count), three cases of a file at once
 * (describe.concurrent, each its own world: about what two cores keep up with, each run spending a
 * second of CPU over some five seconds of waiting), and the harness imported once a worker (the
 * files share no module state).
 */
export const childProcesses = { maxWorkers: 2 * availableParallelism(), isolate: false, maxConcurrency: 3 };

/**
 * A package's vitest config: `test` over the shared settings (its `globalSetup` runs after the
 * build; its `projects` name their own files), `config` beside it.
 * @param {Record<string, unknown>} test
 * @param {Record<string, unknown>} [config]
 */
export function packageTests(test, config = {}) {
  const { globalSetup = [], ...own } = test;
  return {
    ...config,
    test: {
      server: nativeWorkspaceBuilds,
      globalSetup: [BUILD_FIRST, ...[globalSetup].flat()],
      maxWorkers: '100%',
      // Not beside projects: a project that extends this config would add its own files to these.
      ...(!own.projects && { include: ['src/**/*.test.ts', 'test/**/*.test.ts'] }),
      ...own,
    },
  };
}

/**
 * The simulator's tests import its build, not its source: `../src/x.js` is read as `dist/x.js`,
 * native like its dependencies' (those matrices: 73 CPU-s). The build is tsc's, file for file;
 * `pnpm test` and the global setup build it before the tests start. (The other packages' tests
 * measured the same either way: their time is in the emulators and child processes.)
 * @param {string} configUrl the vitest config's import.meta.url
 */
export function testsImportTheBuild(configUrl) {
  return { alias: [{ find: /^\.\.\/src\//, replacement: fileURLToPath(new URL('./dist/', configUrl)) }] };
}

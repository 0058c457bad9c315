import { fileURLToPath } from 'node:url';

// The workspace packages' builds (their dist/) load as Node loads them, not through vitest's module
// transform: a transformed module reads every import through an accessor, and the clients' and
// emulators' hot paths paid for it on every request (the simulator's crash and Vercel matrices: 109
// CPU-s inlined, 82 native). Nothing mocks a workspace package (tests use the real clients).
export const nativeWorkspaceBuilds = { deps: { external: [/\/(packages|actions)\/[^/]+\/dist\//] } };

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

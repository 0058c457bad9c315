// The library version, sent in the default User-Agent (`keyturn/<version>`).
// Kept equal to package.json's version by version.test.ts; `pnpm release:version` writes it.
/** This package's version, as in package.json. */
export const VERSION = '0.0.0';

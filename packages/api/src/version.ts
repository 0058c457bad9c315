// The library version, sent in the default User-Agent (`keyturn/<version>`).
// Kept equal to package.json's version by version.test.ts.
export const VERSION = '0.1.0';

// The scratch project's files: each public package used as a user would, from an ES module, from
// CommonJS and from TypeScript (tsc --noEmit, module nodenext), against the emulator.

export const USE_MJS = `import { createClient } from '@keyturn/api';
import { redactCredentials } from '@keyturn/api/toolkit';
import { startPlatformEmulator } from '@keyturn/emulator';
import { rotateKey } from '@keyturn/rotation';
import { parseTargetSpecs } from '@keyturn/rotation/targets';

const platform = await startPlatformEmulator();
try {
  const { key } = platform.createKey('scratch');
  const client = createClient({ apiKey: key, baseUrl: platform.url });
  const keys = await client.apiKeys.list().toArray();
  if (keys.length !== 1 || keys[0].name !== 'scratch') throw new Error('unexpected key listing: ' + JSON.stringify(keys));
  if (typeof rotateKey !== 'function') throw new Error('@keyturn/rotation exports no rotateKey');
  if (parseTargetSpecs('repo:acme/web')[0]?.kind !== 'repo') throw new Error('@keyturn/rotation/targets does not parse specs');
  console.log('ESM: @keyturn/api listed ' + keys.length + ' key on @keyturn/emulator; @keyturn/rotation exports rotateKey, @keyturn/rotation/targets parseTargetSpecs');
  if (redactCredentials('Bearer ' + key, [key]) !== 'Bearer [redacted]') throw new Error('@keyturn/api/toolkit does not redact');
} finally {
  await platform.close();
}
`;

// require() of the ES modules (Node >= 22.12 without a flag), as a CommonJS user's code does.
export const USE_CJS = `const { createClient } = require('@keyturn/api');
const { redactCredentials } = require('@keyturn/api/toolkit');
const { startPlatformEmulator } = require('@keyturn/emulator');
const { rotateKey } = require('@keyturn/rotation');
const { parseTargetSpecs } = require('@keyturn/rotation/targets');

for (const [name, value] of Object.entries({ createClient, redactCredentials, startPlatformEmulator, rotateKey, parseTargetSpecs })) {
  if (typeof value !== 'function') throw new Error('require() of the packages gives no ' + name);
}
console.log('CommonJS: require() gives createClient, redactCredentials, startPlatformEmulator, rotateKey, parseTargetSpecs');
`;

export const USE_TS = `import { createClient, type PlatformClient } from '@keyturn/api';
import { type Runtime, systemRuntime } from '@keyturn/api/toolkit';
import { startPlatformEmulator, type PlatformEmulator } from '@keyturn/emulator';
import { rotateKey } from '@keyturn/rotation';
import { parseTargetSpecs, type TargetSpec } from '@keyturn/rotation/targets';

export async function listNames(): Promise<string[]> {
  const platform: PlatformEmulator = await startPlatformEmulator();
  const client: PlatformClient = createClient({ apiKey: platform.createKey('ts').key, baseUrl: platform.url });
  const names = (await client.apiKeys.list().toArray()).map((key) => key.name);
  await platform.close();
  return names;
}
export const rotate: typeof rotateKey = rotateKey;
export const specs: TargetSpec[] = parseTargetSpecs('repo:acme/web');
export const runtime: Runtime = systemRuntime;
`;

export const TSCONFIG = {
  compilerOptions: { module: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] },
  files: ['use.ts'],
};

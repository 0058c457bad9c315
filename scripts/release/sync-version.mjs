#!/usr/bin/env node
// After `changeset version`: @keyturn/api sends its version in the User-Agent (src/version.ts), so
// the file follows package.json (version.test.ts holds them equal). The Action bundles embed it, so
// `pnpm release:version` rebuilds them after this, and the version PR carries fresh bundles.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/cached-install.mjs';

const api = join(ROOT, 'packages', 'api');
const { version } = JSON.parse(readFileSync(join(api, 'package.json'), 'utf8'));
const file = join(api, 'src', 'version.ts');
const source = readFileSync(file, 'utf8');
const updated = source.replace(/export const VERSION = '[^']*';/, `export const VERSION = '${version}';`);
if (!updated.includes(`'${version}'`)) throw new Error(`${file} has no "export const VERSION = '...'" line to update`);
writeFileSync(file, updated);
console.log(`packages/api/src/version.ts: VERSION = '${version}'`);

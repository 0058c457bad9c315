// Vitest globalSetup: the package as a user gets it. `npm pack` of packages/cli, then the tarball
// installed with plain npm into a scratch project outside the workspace (as `pnpm release:check`
// does its scratch install); the tests run that project's `keyturn` bin. Once per test run.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The scratch project holding the installed tarball. */
    keyturnProject: string;
  }
}

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

export default function setup(project: TestProject): () => void {
  const work = mkdtempSync(join(tmpdir(), 'keyturn-cli-packed-'));
  // npm sees what a user's would: none of the npm_* settings a package manager passes to scripts.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
  npm(['pack', '--silent', '--pack-destination', work], PACKAGE_DIR);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${work}`);
  const scratch = join(work, 'scratch');
  execFileSync('git', ['init', '-q', scratch]); // its own root: npm must not walk up into the workspace
  writeFileSync(join(scratch, 'package.json'), `${JSON.stringify({ name: 'scratch', private: true }, null, 2)}\n`);
  npm(['install', '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error', join(work, tarball)], scratch);
  project.provide('keyturnProject', scratch);
  return () => rmSync(work, { recursive: true, force: true });
}

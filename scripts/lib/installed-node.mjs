// A Node.js binary at a pinned version, from the npm registry (the official binaries, packaged as
// node-<platform>-<arch>), installed once into .cache/<dir>: Node 24 (the runner's runtime) and the
// oldest Node the published packages claim (scripts/release/node-floor.mjs).

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { cachedInstall } from './cached-install.mjs';

/** Path of the Node `version` binary (e.g. "22.12.0"), installing it into .cache/`dir` if needed. */
export function installedNode(dir, version) {
  const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const bin = join('node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  const binary = join(cachedInstall(dir, `${pkg}@${version}`, bin), bin);
  const found = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (found !== `v${version}`) throw new Error(`${binary} is ${found}, not Node ${version}: delete .cache/${dir} and run again`);
  return binary;
}

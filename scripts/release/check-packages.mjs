#!/usr/bin/env node
// `pnpm release:check`: the release workflow's steps up to the publish call, on this machine.
//   0. the workflows' hardening (scripts/release/check-workflows.mjs)
//   1. `changeset version` on a copy: the versions the "Version packages" PR would hold
//   2. each public package packed as it will be published, with no `workspace:` range left and its LICENSE
//   3. publint and @arethetypeswrong/cli (ESM-only profile) on each tarball
//   4. the tarballs installed with plain `npm install --engine-strict` into a scratch project outside
//      the workspace, on the oldest Node they claim (scripts/release/node-floor.mjs: any dependency
//      wanting more fails the install), then used from an ES module (against the emulator) and from
//      CommonJS on that Node, and type-checked from TypeScript
//   5. `npx @keyturn/emulator` and `npx @keyturn/cli --help` answering from that project, on that Node
//   6. what the release would make: the npm versions, the git tags, the GitHub releases and their notes
// Run after `pnpm build`. Needs the npm registry (for the scratch project's other dependencies).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { ROOT } from '../lib/cached-install.mjs';
import { actionTags } from './action-tags.mjs';
import { checkWorkflows } from './check-workflows.mjs';
import { ENGINES_NODE, floorNode, NODE_FLOOR, wrongEngines } from './node-floor.mjs';
import { missingLicense, pack, packedManifest, unpublishableRanges } from './pack.mjs';
import { TSCONFIG, USE_CJS, USE_MJS, USE_TS } from './scratch-files.mjs';
import { rehearseVersion } from './rehearse-version.mjs';
import { actionPackages, publicPackages } from './workspace-packages.mjs';

/** What merging the "Version packages" PR would publish, tag and release (scripts/release/publish.mjs, changesets/action). */
function printReleasePlan(plan) {
  step('the release this would make, once the "Version packages" pull request is merged');
  const published = publicPackages().map((pkg) => pkg.manifest.name);
  const releases = [...plan].filter(([name]) => published.includes(name));
  for (const [name, { to }] of releases) console.log(`npm: ${name}@${to} (npm publish <tarball> --provenance --access public)`);
  const planned = [...plan].find(([name]) => actionPackages().some((pkg) => pkg.manifest.name === name));
  const { tag, major } = actionTags(planned ? planned[1].to : undefined);
  console.log(
    `git tags: ${[...releases.map(([name, { to }]) => `${name}@${to}`), tag].join(', ')} (new, annotated); ${major} moved to ${tag}`,
  );
  console.log(`  workflows then pin: uses: OWNER/keyturn/actions/rotate-key@${major} (or @${tag})`);
  for (const [name, { to, changelog }] of releases) {
    console.log(`GitHub release ${name}@${to} (changesets/action), its notes:`);
    console.log((changelog || '(no CHANGELOG entry)').replace(/^/gm, '  | '));
  }
  console.log(`No GitHub release for ${tag}: changesets/action makes one per package tag (name@version) only.`);
}

const keep = process.argv.includes('--keep');
const bin = (name) => join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
// npm in the scratch project sees what a user's would: none of the npm_* settings pnpm passes to scripts.
const userEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
const run = (command, args, cwd, env = userEnv) =>
  execFileSync(command, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32', env: { ...env, FORCE_COLOR: '0' } });
const step = (title) => console.log(`\n== ${title}`);

step('workflows: no writing job runs the tests, no needless persisted token, third-party Actions pinned by commit');
const workflows = checkWorkflows();
if (workflows.problems.length > 0) throw new Error(`the workflows break the release's hardening:\n  ${workflows.problems.join('\n  ')}`);
console.log(`${workflows.files.join(', ')}: hold`);

step('"Version packages": changeset version, rehearsed on a copy of the manifests');
const plan = rehearseVersion();
for (const [name, { from, to }] of plan) console.log(`${name}: ${from} -> ${to}`);

step(`engines: every public package claims Node ${ENGINES_NODE}, the floor this check installs on`);
const engines = wrongEngines(publicPackages());
if (engines.length > 0) throw new Error(`engines.node disagrees with scripts/release/node-floor.mjs:\n  ${engines.join('\n  ')}`);
console.log(
  `${publicPackages()
    .map((p) => p.manifest.name)
    .join(', ')}: engines.node "${ENGINES_NODE}"`,
);

const work = mkdtempSync(join(tmpdir(), 'keyturn-release-'));
try {
  const packages = publicPackages();
  step(`packing ${packages.map((p) => p.manifest.name).join(', ')}`);
  const tarballs = [];
  for (const { dir, manifest } of packages) {
    const tarball = pack(dir, work);
    const bad = unpublishableRanges(packedManifest(tarball));
    if (bad.length > 0) throw new Error(`${manifest.name}'s tarball keeps ranges npm cannot install: ${bad.join(', ')}`);
    const license = missingLicense(tarball);
    if (license) throw new Error(`${manifest.name}: ${license}`);
    console.log(`${manifest.name}: ${tarball} (no workspace: range left, LICENSE inside)`);
    tarballs.push({ name: manifest.name, tarball });
  }

  for (const { name, tarball } of tarballs) {
    step(`${name}: publint, attw --profile esm-only`);
    run(bin('publint'), ['run', tarball, '--strict'], work);
    run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped'], work);
  }

  const floor = floorNode();
  // The floor's node first on PATH: npm, npx and the bins they start run on it, and npm checks
  // every package's engines against it.
  const floorEnv = { ...userEnv, PATH: `${dirname(floor)}${delimiter}${userEnv.PATH ?? ''}` };
  step(`scratch project outside the workspace, on Node ${NODE_FLOOR}: npm install --engine-strict of the tarballs`);
  const scratch = join(work, 'scratch');
  execFileSync('git', ['init', '-q', scratch]); // its own root: npm must not walk up into anything
  const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  writeFileSync(join(scratch, 'package.json'), `${JSON.stringify({ name: 'scratch', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(join(scratch, 'use.mjs'), USE_MJS);
  writeFileSync(join(scratch, 'use.cjs'), USE_CJS);
  writeFileSync(join(scratch, 'use.ts'), USE_TS);
  writeFileSync(join(scratch, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(
    npm,
    [
      'install',
      '--engine-strict',
      '--no-audit',
      '--no-fund',
      '--no-update-notifier',
      '--loglevel=error',
      ...tarballs.map((t) => t.tarball),
      `typescript@${rootManifest.devDependencies.typescript}`,
      `@types/node@${rootManifest.devDependencies['@types/node']}`,
    ],
    scratch,
    floorEnv,
  );

  step(`used from an ES module on Node ${NODE_FLOOR}: node use.mjs`);
  run(floor, ['use.mjs'], scratch, floorEnv);
  step(`used from CommonJS (require of the ES modules) on Node ${NODE_FLOOR}: node use.cjs`);
  run(floor, ['use.cjs'], scratch, floorEnv);
  step('type-checked from TypeScript: tsc --noEmit');
  run(floor, [join(scratch, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', '.'], scratch, floorEnv);
  step(`npx @keyturn/emulator --help on Node ${NODE_FLOOR} (the package bin, as a published install runs it)`);
  run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', '@keyturn/emulator', '--help'], scratch, floorEnv);
  step(`npx @keyturn/cli --help on Node ${NODE_FLOOR} (the keyturn bin, one bundled file with no dependencies)`);
  run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', '@keyturn/cli', '--help'], scratch, floorEnv);

  printReleasePlan(plan);
  console.log('\nrelease:check passed: everything up to `npm publish --provenance` holds.');
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

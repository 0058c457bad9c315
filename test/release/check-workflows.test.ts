// The workflows' hardening rule (scripts/release/check-workflows.mjs), run by `pnpm release:check`:
// the repository's workflows hold, and each way of breaking it is rejected with a message that
// says what to change.

import { describe, expect, it } from 'vitest';
import { checkWorkflows, workflowProblems } from '../../scripts/release/check-workflows.mjs';

const CHECKOUT = 'actions/checkout@fbc6f3992d24b796d5a048ff273f7fcc4a7b6c09 # v5.1.0';
const CHANGESETS = 'changesets/action@a45c4d594aa4e2c509dc14a9f2b3b67ba3780d0d # v1.9.0';
const DOWNLOAD = 'actions/download-artifact@3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c # v8.0.1';

/** A workflow of one job, `permissions` and `steps` as YAML lines under it. */
const workflow = (permissions: string, steps: string) => `name: w
on: push
jobs:
  one:
    runs-on: ubuntu-latest
${permissions}
    steps:
${steps}
`;

describe('check-workflows', () => {
  it("passes this repository's workflows", () => {
    const { files, problems } = checkWorkflows();
    expect(files).toEqual(['ci.yml', 'release.yml']);
    expect(problems).toEqual([]);
  });

  it('rejects the release workflow as it was: the suite run by the job that can write, unpinned Actions', () => {
    const text = workflow(
      '    permissions:\n      contents: write\n      id-token: write',
      '      - uses: actions/checkout@v5\n        with:\n          fetch-depth: 0\n      - run: bash .ci/run\n      - uses: changesets/action@v1',
    );
    const problems = workflowProblems(text, 'release.yml');
    expect(problems).toEqual([
      'release.yml: job one: step 1: uses actions/checkout@v5: pin it by its full commit SHA, with the version in a comment (uses: owner/repo@<40 hex> # vX.Y.Z)',
      expect.stringMatching(
        /^release\.yml: job one: step 2 runs the test suite \(bash \.ci\/run\) with a token that can write \(contents: write, id-token: write\)/,
      ),
      expect.stringMatching(/^release\.yml: job one: step 3: uses changesets\/action@v1: pin it/),
    ]);
  });

  it.each([
    ['pnpm test', 'npx --yes pnpm@10.34.8 test'],
    ['a test script', 'pnpm run test:node-floor'],
    ['vitest', 'cd packages/api && npx vitest run'],
    ['turbo', 'node scripts/turbo.mjs run test --filter=@keyturn/api'],
  ])('finds the test suite run as %s by a job with any write permission', (_, run) => {
    const problems = workflowProblems(workflow('    permissions:\n      pull-requests: write', `      - run: ${run}`), 'w.yml');
    expect(problems).toEqual([expect.stringContaining(`runs the test suite (${run}) with a token that can write (pull-requests: write)`)]);
  });

  it('takes a job without permissions to have the workflow-level or default token, which may write', () => {
    expect(workflowProblems(workflow('', '      - run: pnpm test'), 'w.yml')).toEqual([
      expect.stringContaining('(no permissions: set, so the default token, which may write)'),
    ]);
    expect(workflowProblems(`permissions: write-all\n${workflow('', '      - run: pnpm test')}`, 'w.yml')).toEqual([
      expect.stringContaining('with a token that can write (write-all)'),
    ]);
    expect(workflowProblems(`permissions:\n  contents: read\n${workflow('', '      - run: pnpm test')}`, 'w.yml')).toEqual([]);
  });

  it('rejects the release job as it was: install, build and version step run with the token that publishes', () => {
    const text = workflow(
      '    permissions:\n      contents: write\n      id-token: write',
      [
        `      - uses: ${CHECKOUT}`,
        '      - run: npx --yes pnpm@10.34.8 install --frozen-lockfile',
        '      - run: npx --yes pnpm@10.34.8 run build',
        `      - uses: ${CHANGESETS}`,
        '        with:',
        '          version: npx --yes pnpm@10.34.8 run release:version',
        '          publish: node scripts/release/publish.mjs packs',
      ].join('\n'),
    );
    const fix =
      'with a token that can write (contents: write, id-token: write): do it in a read-only job and pass the result as an artifact, its digest checked (sha256sum -c)';
    expect(workflowProblems(text, 'release.yml')).toEqual([
      `release.yml: job one: step 2 runs \`npx --yes pnpm@10.34.8 install --frozen-lockfile\` (a package manager or npx: install and package scripts) ${fix}`,
      `release.yml: job one: step 3 runs \`npx --yes pnpm@10.34.8 run build\` (a package manager or npx: install and package scripts) ${fix}`,
      `release.yml: job one: step 4 runs \`npx --yes pnpm@10.34.8 run release:version\` as its version input (a package manager or npx: install and package scripts) ${fix}`,
    ]);
  });

  it.each([
    ['npm ci', 'npm ci', 'npm beyond publish and view'],
    ['npm install', 'cd packages/cli && npm install --ignore-scripts', 'npm beyond publish and view'],
    ['a package script by npm', 'npm run release:publish', 'npm beyond publish and view'],
    ['npm exec', 'npm exec -- changeset publish', 'npm beyond publish and view'],
    ['pnpm exec', 'pnpm exec node build.mjs', 'a package manager or npx'],
    ['yarn', 'yarn', 'a package manager or npx'],
    ['a build script', 'node packages/cli/build.mjs', 'a build'],
    ['turbo', 'node scripts/turbo.mjs run build', 'a build'],
    ['tsc', 'tsc -p .', 'a build'],
    ['the version step', 'node node_modules/@changesets/cli/bin.js version', 'the version step'],
    ['changeset version', 'changeset version && git add -A', 'the version step'],
  ])('refuses %s in a job with any write permission, and allows it in a read-only one', (_, run, why) => {
    const problems = workflowProblems(workflow('    permissions:\n      pull-requests: write', `      - run: ${run}`), 'w.yml');
    expect(problems).toEqual([expect.stringContaining(`step 1 runs \`${run}\` (${why}`)]);
    expect(workflowProblems(workflow('    permissions:\n      contents: read', `      - run: ${run}`), 'w.yml')).toEqual([]);
  });

  it('lets a writing job publish tarballs, read the registry and push tags', () => {
    const steps = [
      '      - run: npm publish packs/keyturn-cli-1.0.0.tgz --provenance --access public',
      '      - run: npm view @keyturn/cli version && npm whoami',
      '      - run: node scripts/release/publish.mjs "$RUNNER_TEMP/release/packages" && git push origin v1',
    ].join('\n');
    expect(workflowProblems(workflow('    permissions:\n      contents: write\n      id-token: write', steps), 'w.yml')).toEqual([]);
  });

  it('asks a writing job that downloads artifacts to check their digests', () => {
    const download = `      - uses: ${DOWNLOAD}\n        with:\n          name: release`;
    expect(workflowProblems(workflow('    permissions:\n      contents: write', download), 'w.yml')).toEqual([
      'w.yml: job one downloads artifacts with a token that can write (contents: write) and never checks their digests: run `sha256sum -c` on the sums the read-only job wrote',
    ]);
    const checked = `${download}\n      - run: cd "$RUNNER_TEMP/release" && sha256sum --check --strict SHA256SUMS`;
    expect(workflowProblems(workflow('    permissions:\n      contents: write', checked), 'w.yml')).toEqual([]);
    expect(workflowProblems(workflow('    permissions:\n      contents: read', download), 'w.yml')).toEqual([]);
  });

  it('rejects a checkout that keeps its token in a job that cannot push, and allows it where the job may push', () => {
    const read = workflowProblems(workflow('    permissions:\n      contents: read', `      - uses: ${CHECKOUT}`), 'w.yml');
    expect(read).toEqual([
      'w.yml: job one: step 1: actions/checkout keeps the token in git config, and this job never pushes: add `with: persist-credentials: false`',
    ]);
    const dropped = `      - uses: ${CHECKOUT}\n        with:\n          persist-credentials: false`;
    expect(workflowProblems(workflow('    permissions:\n      contents: read', dropped), 'w.yml')).toEqual([]);
    expect(workflowProblems(workflow('    permissions:\n      contents: write', `      - uses: ${CHECKOUT}`), 'w.yml')).toEqual([]);
  });

  it('asks for the version comment on a pinned Action, and leaves local Actions and containers alone', () => {
    const bare = '      - uses: actions/setup-node@a0853c24544627f65ddf259abe73b1d18a591444';
    expect(workflowProblems(workflow('    permissions: {}', bare), 'w.yml')).toEqual([
      'w.yml: job one: step 1: uses actions/setup-node@a0853c24544627f65ddf259abe73b1d18a591444: say which version the commit is in a comment (# vX.Y.Z)',
    ]);
    const local =
      "      - uses: ./actions/rotate-key\n      - uses: docker://alpine:3.20\n      - uses: 'actions/setup-node@a0853c24544627f65ddf259abe73b1d18a591444' # v5.0.0";
    expect(workflowProblems(workflow('    permissions: {}', local), 'w.yml')).toEqual([]);
  });

  it('checks a reusable workflow called by a job', () => {
    const text = 'name: w\non: push\npermissions: {}\njobs:\n  call:\n    uses: acme/workflows/.github/workflows/build.yml@main\n';
    expect(workflowProblems(text, 'w.yml')).toEqual([
      expect.stringContaining('job call: uses acme/workflows/.github/workflows/build.yml@main: pin it'),
    ]);
  });
});

it('release.yml publishes only after the tests passed, from a job that installs and builds nothing and checks what it takes', async () => {
  const { readFileSync } = await import('node:fs');
  const { parse } = await import('yaml');
  const text = readFileSync(new URL('../../.github/workflows/release.yml', import.meta.url), 'utf8');
  type Step = { run?: string; uses?: string; with?: Record<string, string> };
  const jobs = parse(text).jobs as Record<string, { needs?: string | string[]; permissions?: Record<string, string>; steps: Step[] }>;
  const writing = Object.entries(jobs).filter(([, job]) => Object.values(job.permissions ?? {}).includes('write'));
  expect(writing.map(([name]) => name)).toEqual(['release']);
  expect([jobs.release!.needs].flat()).toEqual(['test', 'pack']);
  expect(jobs.test!.permissions).toEqual({ contents: 'read' });
  expect(jobs.pack!.permissions).toEqual({ contents: 'read' });
  expect(jobs.test!.steps.map((step) => step.run).filter(Boolean)).toEqual(['bash .ci/run']);
  expect(
    jobs
      .pack!.steps.map((step) => step.run)
      .filter(Boolean)
      .slice(-4, -1),
  ).toEqual([
    'npx --yes pnpm@10.34.8 install --frozen-lockfile',
    'npx --yes pnpm@10.34.8 run build',
    'npx --yes pnpm@10.34.8 run release:pack "$RUNNER_TEMP/release"',
  ]);
  const release = jobs.release!.steps;
  const uses = release.map((step) => step.uses?.replace(/@.*/, '')).filter(Boolean);
  expect(uses).toEqual(['actions/checkout', 'actions/setup-node', 'actions/download-artifact', 'changesets/action']);
  expect(
    release
      .map((step) => step.run)
      .filter(Boolean)
      .join('\n'),
  ).toMatch(/sha256sum --check --strict SHA256SUMS[\s\S]*sha256sum --check --strict "\$RUNNER_TEMP\/release\/bundles\.sha256"/);
  const changesets = release.find((step) => step.uses?.startsWith('changesets/action@'))!;
  expect(changesets.with?.version).toMatch(/^git apply .+\/version\.patch$/);
  expect(changesets.with?.publish).toMatch(/^node scripts\/release\/publish\.mjs .+\/packages$/);
});

#!/usr/bin/env node
// The workflows' hardening, checked by `pnpm release:check` (GitHub's "Security hardening for
// GitHub Actions"): a job whose token can write never runs the test suite, and runs no third-party
// package code at all: no install (postinstall scripts), no build, no version step, no package
// script, no npx; it takes what it publishes as artifacts from a read-only job and checks their
// digests (`sha256sum -c`) first. A checkout keeps no credential in git config unless its job may
// push (`contents: write`); every third-party Action is pinned by a full commit SHA with its
// version in a comment (a tag can be moved; a commit cannot).
//
//   node scripts/release/check-workflows.mjs     checks .github/workflows/*.yml, exits 1 on a problem

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { ROOT } from '../lib/cached-install.mjs';

/** Commands that run the project's tests (or CI, which runs them). */
const TEST_SUITE = [
  /(^|[\s;&|(])(bash\s+)?(\.\/)?\.ci\/run\b/,
  /\b(pnpm|npm|yarn)(@[\w.-]+)?\s+(run\s+)?test(:[\w-]+)?(?![\w-])/,
  /\bvitest\b/,
  /\bturbo(\.mjs)?\s+run\s+test\b/,
  /\bscripts\/test(-loaded)?\.mjs\b/,
];
/**
 * What a writing job must not run, each with why: whatever installs or builds runs the dependencies'
 * code (postinstall scripts, bundlers, plugins), which could push or publish with the job's token.
 * npm is allowed only for the subcommands that read the registry or publish a packed tarball.
 */
const PACKAGE_CODE = [
  [/(^|[^\w-])(npx|pnpx|bunx|corepack|pnpm|yarn|bun)(@[\w.-]+)?(\s|$)/, 'a package manager or npx: install and package scripts'],
  [
    /(^|[^\w-])npm(@[\w.-]+)?\s+(?!(publish|view|info|show|whoami|ping|dist-tag|config|--version|-v)(\s|$))[\w-]+/,
    'npm beyond publish and view: an install, npm ci, a package script, npm exec',
  ],
  [/(^|[^\w-])(turbo(\.mjs)?|tsc|esbuild|rollup|webpack|vite|tsup|ncc)(\s|$)/, 'a build'],
  [/(^|[^\w:-])build(\.m?js)?(\s|$)|\bbuild:/, 'a build'],
  [/\bchangeset\s+version\b|@changesets\/cli\/bin\.js\s+version\b|\brelease:version\b/, 'the version step'],
];
/** Inputs by which Actions run a command (changesets/action's `version` and `publish`, for one). */
const COMMAND_INPUTS = ['run', 'script', 'command', 'version', 'publish', 'build'];
const PINNED = /^[\w.-]+\/[\w.-]+(\/[^@]*)?@[0-9a-f]{40}$/;

/** What a job's token may do: its own `permissions:`, else the workflow's; neither is GitHub's default, which may write. */
function writes(permissions) {
  if (permissions === undefined || permissions === null) return ['(no permissions: set, so the default token, which may write)'];
  if (permissions === 'write-all') return ['write-all'];
  if (typeof permissions !== 'object') return [];
  return Object.entries(permissions)
    .filter(([, level]) => level === 'write')
    .map(([scope]) => `${scope}: write`);
}

/** The version comment on the line that holds `uses: <ref>`, if any. */
function versionComment(text, ref) {
  const escaped = ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`uses:\\s*['"]?${escaped}['"]?\\s*#\\s*(\\S+)`).exec(text);
  return line?.[1];
}

/** Why a `uses:` reference is not pinned, or undefined when it is (or is local or a container). */
function unpinned(ref, text) {
  if (ref.startsWith('./') || ref.startsWith('docker://')) return undefined;
  if (!PINNED.test(ref))
    return `uses ${ref}: pin it by its full commit SHA, with the version in a comment (uses: owner/repo@<40 hex> # vX.Y.Z)`;
  if (!versionComment(text, ref)) return `uses ${ref}: say which version the commit is in a comment (# vX.Y.Z)`;
  return undefined;
}

/**
 * Every rule a workflow breaks, one line each ("<file>: job <name>: ...").
 * @param {string} text the workflow's YAML
 * @param {string} file its name, for the messages
 * @returns {string[]}
 */
export function workflowProblems(text, file) {
  const workflow = parse(text);
  const problems = [];
  for (const [name, job] of Object.entries(workflow?.jobs ?? {})) {
    const where = `${file}: job ${name}`;
    const permissions = job.permissions ?? workflow.permissions;
    const written = writes(permissions);
    const mayPush = written.includes('contents: write') || written.includes('write-all');
    if (job.uses) {
      const problem = unpinned(job.uses, text);
      if (problem) problems.push(`${where}: ${problem}`);
    }
    const steps = job.steps ?? [];
    for (const [index, step] of steps.entries()) {
      const label = `${where}: step ${step.name ?? step.id ?? index + 1}`;
      if (typeof step.run === 'string' && written.length > 0) {
        const suite = TEST_SUITE.find((pattern) => pattern.test(step.run));
        if (suite)
          problems.push(
            `${label} runs the test suite (${firstLine(step.run)}) with a token that can write (${written.join(', ')}): run it in a job with contents: read, and make the writing job need it`,
          );
      }
      if (written.length > 0 && !problems.some((problem) => problem.startsWith(`${label} runs the test suite`)))
        problems.push(
          ...packageCode(step).map(
            (problem) =>
              `${label} ${problem} with a token that can write (${written.join(', ')}): do it in a read-only job and pass the result as an artifact, its digest checked (sha256sum -c)`,
          ),
        );
      if (typeof step.uses !== 'string') continue;
      const problem = unpinned(step.uses, text);
      if (problem) problems.push(`${label}: ${problem}`);
      const persists = step.with?.['persist-credentials'];
      if (/^actions\/checkout@/.test(step.uses) && !mayPush && persists !== false && persists !== 'false') {
        problems.push(
          `${label}: actions/checkout keeps the token in git config, and this job never pushes: add \`with: persist-credentials: false\``,
        );
      }
    }
    const downloads = steps.some((step) => typeof step.uses === 'string' && /^actions\/download-artifact@/.test(step.uses));
    const checks = steps.some((step) => typeof step.run === 'string' && /\bsha256sum\b[^\n]*\s(-c|--check)\b/.test(step.run));
    if (written.length > 0 && downloads && !checks)
      problems.push(
        `${where} downloads artifacts with a token that can write (${written.join(', ')}) and never checks their digests: run \`sha256sum -c\` on the sums the read-only job wrote`,
      );
  }
  return problems;
}

const firstLine = (command) => command.trim().split('\n')[0];

/** What of PACKAGE_CODE a step runs, by its `run:` or an Action's command input, one line each. */
function packageCode(step) {
  const commands = [['', step.run]];
  for (const name of COMMAND_INPUTS) commands.push([` as its ${name} input`, step.with?.[name]]);
  const found = [];
  for (const [source, command] of commands) {
    if (typeof command !== 'string') continue;
    for (const line of command.split('\n')) {
      const rule = PACKAGE_CODE.find(([pattern]) => pattern.test(line));
      if (rule) found.push(`runs \`${line.trim()}\`${source} (${rule[1]})`);
    }
  }
  return found;
}

/** The problems of every workflow in `dir` (.github/workflows by default). */
export function checkWorkflows(dir = join(ROOT, '.github', 'workflows')) {
  const files = readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort();
  return { files, problems: files.flatMap((name) => workflowProblems(readFileSync(join(dir, name), 'utf8'), `.github/workflows/${name}`)) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files, problems } = checkWorkflows();
  for (const problem of problems) console.error(`::error::${problem}`);
  if (problems.length > 0) process.exitCode = 1;
  else
    console.log(
      `${files.join(', ')}: no writing job runs the tests, installs, builds or versions, every artifact it takes checked by digest, no checkout keeps a token it does not need, every third-party Action pinned by commit`,
    );
}

// Before the first release (README): every `npx @keyturn/cli` the docs give is marked "once
// published", the README's list of what a release publishes is what `release:publish` would
// publish, and the from-a-clone recipe the README gives for the CLI works as written.

import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicPackages } from '../../scripts/release/workspace-packages.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DOCS = ['README.md', 'packages/cli/README.md', 'docs/any-ci.md', 'examples/gitlab-ci.yml'];
const NPX_CLI = /npx (--yes )?@keyturn\/cli\b/;

/** Paragraphs, a fenced code block counted whole: what a reader takes in at once. */
function blocks(text: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    if (!fenced && line.trim() === '') {
      out.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  return [...out, current.join('\n')];
}

describe('before the first release', () => {
  it('marks every `npx @keyturn/cli` "once published"', () => {
    const unmarked = DOCS.flatMap((path) =>
      blocks(read(path))
        .filter((block) => NPX_CLI.test(block) && !/once published/.test(block))
        .map((block) => `${path}: ${block.slice(0, 80)}`),
    );
    expect(unmarked).toEqual([]);
    expect(DOCS.flatMap((path) => blocks(read(path)).filter((block) => NPX_CLI.test(block))).length).toBeGreaterThanOrEqual(4);
  });

  it("lists in README's Releasing every package a release publishes, and CONTRIBUTING points there", () => {
    const releasing = read('README.md').split('## Releasing')[1]!.split('\n## ')[0]!;
    const npmLine = /to npm, with provenance: (.*)/.exec(releasing)?.[1] ?? '';
    const listed = [...npmLine.matchAll(/`(@keyturn\/[\w-]+)`/g)].map((m) => m[1]).sort();
    expect(listed).toEqual(
      publicPackages()
        .map((pkg) => pkg.manifest.name)
        .sort(),
    );
    expect(read('CONTRIBUTING.md')).toMatch(/a release publishes\]\(README\.md#releasing\)/);
  });

  it("runs the README's from-a-clone recipe for the CLI, as written", { timeout: 600_000 }, () => {
    const row = read('README.md')
      .split('\n')
      .find((line) => line.startsWith('  | `npx @keyturn/cli <command>` |'));
    const commands = [...(row?.split(' | ')[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    expect(commands.slice(0, 2)).toEqual([
      expect.stringContaining(' packs ../keyturn-packs'),
      expect.stringContaining('--package ../keyturn-packs/keyturn-cli.tgz keyturn <command>'),
    ]);
    const packs = mkdtempSync(join(tmpdir(), 'keyturn-packs-'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'keyturn-user-'));
    try {
      // Only the folder changes: the recipe's ../keyturn-packs would be beside this clone.
      const [packAll, runCli] = commands.map((command) => command.replaceAll('../keyturn-packs', packs));
      execSync(packAll!, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      const help = execSync(runCli!.replace('<command>', 'wait --help'), {
        cwd: elsewhere,
        encoding: 'utf8',
        env: { ...process.env, npm_config_yes: 'true' },
      });
      expect(help).toMatch(/^Usage: keyturn wait \[options\]/);
    } finally {
      rmSync(packs, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

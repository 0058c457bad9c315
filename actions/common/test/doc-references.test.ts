// What users read points only at what they have: every relative link of a tracked Markdown file
// reaches a tracked file (and its heading, when it names one), and nothing a user reads (docs,
// action.yml, examples, the published packages' doc comments) names the project's internal notes.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './docs/documents.js';

/** Files a user of the repository or of a package does not have. */
const INTERNAL_NOTES = /\b(?:DESIGN|CONTRACTS|STYLE)\.md\b|\bplatform-api\.md\b|\bshared\/spec\b|\.\.\/shared\//;

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
const trackedSet = new Set(tracked);
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const markdown = tracked.filter((file) => file.endsWith('.md'));

/** Prose of a Markdown file: fenced blocks and code spans blanked, so their text is no link. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length));
  });
}

/** Every link target of a Markdown file with its line: inline links and images, and reference definitions. */
function linkTargets(text: string): Array<{ line: number; target: string }> {
  return prose(text).flatMap((line, i) => [
    ...[...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({ line: i + 1, target: m[1]! })),
    ...[...line.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((m) => ({ line: i + 1, target: m[1]! })),
  ]);
}

/** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces to `-`, repeats numbered. */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(text.replace(/`/g, ''))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Why a relative link of `from` resolves to nothing, or undefined when it reaches a tracked file, folder or heading. */
function brokenLink(from: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined; // a URL, not a file
  const [pathPart = '', anchor] = decodeURI(target).split('#', 2) as [string, string | undefined];
  const file = pathPart === '' ? from : normalize(join(dirname(from), pathPart)).replace(/\/$/, '');
  if (file.startsWith('..')) return 'outside the repository';
  const isFile = trackedSet.has(file);
  if (!isFile && !tracked.some((f) => f.startsWith(`${file}/`))) return `${file} is not a tracked file or folder`;
  if (anchor === undefined || !isFile || !file.endsWith('.md')) return undefined;
  return headingAnchors(read(file)).has(anchor) ? undefined : `${file} has no heading #${anchor}`;
}

/** `file:line text` of each line of `file` that names an internal note. */
function namesOfNotes(file: string, lines: string[]): string[] {
  return lines.flatMap((line, i) => (INTERNAL_NOTES.test(line) ? [`${file}:${i + 1} ${line.trim()}`] : []));
}

/** The `/** ... *\/` blocks of a source file, which a published package's type declarations carry. */
function docComments(text: string): string[] {
  let inside = false;
  return text.split('\n').map((line) => {
    const opens = line.includes('/**');
    const kept = inside || opens ? line : '';
    if (opens) inside = true;
    if (inside && line.lastIndexOf('*/') > line.lastIndexOf('/**')) inside = false;
    return kept;
  });
}

const publishedSources = tracked.filter((file) => {
  const pkg = /^(packages\/[^/]+)\/src\/.+(?<!\.test)\.ts$/.exec(file)?.[1];
  return pkg !== undefined && !(JSON.parse(read(`${pkg}/package.json`)) as { private?: boolean }).private;
});

describe('references in what users read', () => {
  it('finds the documents, the links and the published sources to check', () => {
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'actions/rotate-key/README.md']));
    expect(markdown.flatMap((file) => linkTargets(read(file))).length).toBeGreaterThan(20);
    expect(publishedSources.some((file) => file.startsWith('packages/api/src/'))).toBe(true);
    expect(publishedSources.some((file) => file.startsWith('packages/simulator/'))).toBe(false);
  });

  it('every relative link of a tracked Markdown file reaches a tracked file, folder or heading', () => {
    const broken = markdown.flatMap((file) =>
      linkTargets(read(file)).flatMap(({ line, target }) => {
        const why = brokenLink(file, target);
        return why ? [`${file}:${line} (${target}): ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('no doc, action.yml or example names a file users do not have (DESIGN.md, CONTRACTS.md, the spec)', () => {
    const userFacing = tracked.filter(
      (file) => file.endsWith('.md') || /^actions\/[^/]+\/action\.ya?ml$/.test(file) || file.startsWith('examples/'),
    );
    expect(userFacing.flatMap((file) => namesOfNotes(file, read(file).split('\n')))).toEqual([]);
  });

  it('no doc comment of a published package, which its type declarations carry, names one either', () => {
    expect(publishedSources.flatMap((file) => namesOfNotes(file, docComments(read(file))))).toEqual([]);
  });

  it('the checks catch what they look for', () => {
    expect(linkTargets('[a](x.md#b) `[c](d)` ![i](img.png "t")\n```\n[e](f)\n```\n[g]: ../h.md')).toEqual([
      { line: 1, target: 'x.md#b' },
      { line: 1, target: 'img.png' },
      { line: 5, target: '../h.md' },
    ]);
    expect(brokenLink('README.md', 'NO-SUCH.md')).toMatch(/not a tracked file/);
    expect(brokenLink('README.md', 'README.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink('README.md', '../outside.md')).toBe('outside the repository');
    expect(brokenLink('actions/rotate-key/README.md', '../../README.md')).toBeUndefined();
    expect([...headingAnchors('# A `b` c!\n## Kinds of key (issue 12)\n# A b c')]).toEqual(['a-b-c', 'kinds-of-key-issue-12', 'a-b-c-1']);
    expect(namesOfNotes('x.md', ['see DESIGN.md', 'fine', '../shared/spec/x'])).toEqual([
      'x.md:1 see DESIGN.md',
      'x.md:3 ../shared/spec/x',
    ]);
    expect(docComments('// DESIGN.md\n/** a\n * b */\nconst c = 1;')).toEqual(['', '/** a', ' * b */', '']);
  });
});

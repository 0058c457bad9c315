// What users copy: the example workflows, and the YAML snippets of every README (and RELIABILITY.md),
// parsed as the runner would parse them.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface Document {
  /** Path from the repository root. */
  file: string;
  text: string;
}

export interface Snippet {
  /** `file:line` of the snippet's first line. */
  where: string;
  file: string;
  /** The parsed YAML: a workflow, a list of steps, one step, or a fragment. */
  value: unknown;
}

function read(file: string): Document {
  return { file, text: readFileSync(join(ROOT, file), 'utf8') };
}

export const examples: Document[] = readdirSync(join(ROOT, 'examples'))
  // GitHub workflows; a GitLab pipeline (gitlab-*.yml) is checked by gitlab-example.test.ts.
  .filter((name) => /\.ya?ml$/.test(name) && !name.startsWith('gitlab-'))
  .map((name) => read(join('examples', name)));

/** Every Markdown file a user reads for usage. */
export const readmes: Document[] = [
  'README.md',
  'RELIABILITY.md',
  ...['actions', 'packages'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(dir, entry.name, 'README.md'))
      .filter((file) => {
        try {
          readFileSync(join(ROOT, file));
          return true;
        } catch {
          return false;
        }
      }),
  ),
].map(read);

/** The fenced yaml blocks of a Markdown document, dedented (a block may be a fragment of a step). */
export function yamlBlocks(document: Document): Array<{ line: number; text: string }> {
  const blocks: Array<{ line: number; text: string }> = [];
  const lines = document.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ya?ml\s*$/.test(lines[i]!)) continue;
    const start = i + 1;
    while (i + 1 < lines.length && !/^```\s*$/.test(lines[i + 1]!)) i++;
    const body = lines.slice(start, i + 1);
    const indent = Math.min(...body.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
    blocks.push({ line: start + 1, text: body.map((l) => l.slice(indent)).join('\n') });
    i++;
  }
  return blocks;
}

/** Throws, naming the place, when a snippet is not valid YAML. */
export function parseYaml(text: string, where: string): unknown {
  try {
    return parse(text, { strict: true, uniqueKeys: true });
  } catch (error) {
    throw new Error(`${where} is not valid YAML: ${(error as Error).message}`);
  }
}

export const snippets: Snippet[] = [
  ...examples.map((d) => ({ where: `${d.file}:1`, file: d.file, value: parseYaml(d.text, d.file) })),
  ...readmes.flatMap((d) =>
    yamlBlocks(d).map((b) => {
      const where = `${d.file}:${b.line}`;
      return { where, file: d.file, value: parseYaml(b.text, where) };
    }),
  ),
];

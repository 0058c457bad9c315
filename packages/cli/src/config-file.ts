// keyturn.yml: targets and options kept beside the code, so a scheduled job's command line stays
// short. Read with `yaml`, whose positions let every mistake name its line. Credentials are never
// read from it (a file in a repository is the wrong home for a key).

import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { UsageError } from './cli-error.js';

/** A value of keyturn.yml, with where it is (for messages): `keyturn.yml line 4 (keep)`. */
export interface ConfigValue {
  /** A scalar (text, number, boolean) or a list of scalars. */
  value: string | number | boolean | Array<string | number | boolean>;
  where: string;
  /** For a list: where each item is (`keyturn.yml line 6 (targets)`). */
  itemWheres?: string[];
}

/** Keys that would hold a credential: refused, with where the credential goes instead. */
const CREDENTIAL_KEYS: Record<string, string> = {
  'api-key': 'NEON_API_KEY, or --api-key-file',
  'github-token': 'GITHUB_TOKEN, or --github-token-file',
  'private-key': 'KEYTURN_GITHUB_APP_PRIVATE_KEY, or --app-private-key-file',
  'app-private-key': 'KEYTURN_GITHUB_APP_PRIVATE_KEY, or --app-private-key-file',
  'managing-api-key': 'KEYTURN_MANAGING_API_KEY, or --managing-api-key-file',
  'gitlab-token': 'GITLAB_TOKEN, or --gitlab-token-file',
  'vercel-token': 'VERCEL_TOKEN, or --vercel-token-file',
};

/** keyturn.yml as read: the values of the keys it holds well, and a mistake for each other key. */
export interface ConfigFile {
  values: Map<string, ConfigValue>;
  /**
   * An unknown key, a nested value, a credential: each with its line. Not thrown here, so that the
   * command reports them with the mistakes in the values it reads, all at once.
   */
  mistakes: string[];
}

/**
 * Reads `path` (keyturn.yml): a mapping of the keys in `known` to scalars or lists of scalars. A
 * file that cannot be read as such a mapping (YAML syntax, a list) is a UsageError at once, each
 * mistake with its line. `required`: the file was named with --config, so it must exist.
 */
export function readConfigFile(path: string, known: readonly string[], required: boolean): ConfigFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError([
      `--config ${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): give the path of a keyturn.yml`,
    ]);
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const at = (node: Node | null | undefined) => (node?.range ? lines.linePos(node.range[0]).line : undefined);
  const place = (line: number | undefined) => (line === undefined ? path : `${path} line ${line}`);
  const mistakes = doc.errors.map((e) => `${place(e.linePos?.[0]?.line)}: ${e.message.split('\n')[0]}`);
  if (mistakes.length) throw new UsageError(mistakes);
  const values = new Map<string, ConfigValue>();
  if (doc.contents === null) return { values, mistakes };
  if (!isMap(doc.contents))
    throw new UsageError([
      `${place(at(doc.contents))}: keyturn.yml is a mapping of options (targets: [...], secret-name: ...), not ` +
        `a ${isSeq(doc.contents) ? 'list' : 'single value'}`,
    ]);
  for (const pair of doc.contents.items) {
    const keyNode = pair.key as Node;
    const key = isScalar(keyNode) ? String(keyNode.value) : '';
    const where = `${place(at(keyNode))} (${key})`;
    if (key in CREDENTIAL_KEYS) {
      mistakes.push(`${where}: credentials are never read from ${path}; remove it and set ${CREDENTIAL_KEYS[key]}`);
      continue;
    }
    if (!known.includes(key)) {
      mistakes.push(`${where}: unknown option${key ? ` '${key}'` : ''}; this command reads ${known.join(', ')}`);
      continue;
    }
    const node = pair.value as Node | null;
    if (isScalar(node) && isPlain(node.value)) values.set(key, { value: node.value, where });
    else if (isSeq(node) && node.items.every((item) => isScalar(item) && isPlain(item.value))) {
      const items = node.items as Array<Node & { value: string | number | boolean }>;
      values.set(key, { value: items.map((item) => item.value), where, itemWheres: items.map((item) => `${place(at(item))} (${key})`) });
    } else
      mistakes.push(
        `${place(at(node) ?? at(keyNode))} (${key}): must be a value or a list of values, ` +
          `not ${node === null ? 'empty' : 'a nested mapping'}`,
      );
  }
  return { values, mistakes };
}

function isPlain(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

// Which names an Action's sources import from each third-party package, read off the TypeScript
// sources (the Action's, actions/common's and its workspace dependencies'). A bundle that imports
// exactly those names tree-shakes like the Action's own bundle, so its load time is the
// dependencies' share of the Action's, not the cost of every export of every package.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const IMPORT = /^\s*import\s+(?!type\s)([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(name) && !/\.(test|d)\.[mc]?[tj]s$/.test(name) ? [path] : [];
  });
}

/** `{ a, type B, c as d }` -> ['a', 'c']; `X` -> ['default']; `* as ns` -> members of ns used in `text`. */
function importedNames(clause, text) {
  const names = [];
  const braces = /\{([\s\S]*)\}/.exec(clause);
  if (braces) {
    for (const part of braces[1].split(',')) {
      const item = part.trim();
      if (item && !item.startsWith('type ')) names.push(item.split(/\s+as\s+/)[0].trim());
    }
  }
  const outside = clause
    .replace(/\{[\s\S]*\}/, '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const part of outside) {
    const namespace = /^\*\s+as\s+(\w+)$/.exec(part);
    if (!namespace) {
      names.push('default');
      continue;
    }
    const member = new RegExp(`\\b${namespace[1]}\\.(\\w+)`, 'g');
    for (const match of text.matchAll(member)) names.push(match[1]);
  }
  return names;
}

/**
 * @param {string[]} sourceDirs absolute paths of src folders
 * @param {string[]} packages third-party package names
 * @returns {Map<string, Set<string> | '*'>} specifier -> names imported ('*' when imported dynamically)
 */
export function collectDependencyImports(sourceDirs, packages) {
  const isThirdParty = (specifier) => packages.some((p) => specifier === p || specifier.startsWith(`${p}/`));
  const imports = new Map();
  for (const file of sourceDirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const [, clause, specifier] of text.matchAll(IMPORT)) {
      if (!isThirdParty(specifier) || imports.get(specifier) === '*') continue;
      const names = imports.get(specifier) ?? new Set();
      for (const name of importedNames(clause, text)) names.add(name);
      imports.set(specifier, names);
    }
    for (const [, specifier] of text.matchAll(DYNAMIC_IMPORT)) if (isThirdParty(specifier)) imports.set(specifier, '*');
  }
  return imports;
}

// The list grammar of target specs, which say where the rotated key is written: one spec per line or
// comma, each `KIND:...` read by its kind (kinds/: `repo:OWNER/REPO`, `env:OWNER/REPO:ENVIRONMENT`...).
// Blank lines and comment lines (starting with `#`) are ignored; no spec at all means the current
// repository. A `#` anywhere else is part of the spec: an environment name may hold any character
// GitHub allows (`env:acme/app:qa #1` is the environment `qa #1`), so a comment never shortens it.

import { OptionError } from '@keyturn/api';
import { findKind, formatTargetSpec, TARGET_KINDS, type TargetSpec, targetIdentity } from './kinds/registry.js';

/** The options of `parseTargetSpecs`. */
export interface ParseTargetSpecsOptions {
  /** `OWNER/REPO` used when the text holds no spec (GITHUB_REPOSITORY in an Action). */
  defaultRepository?: string;
}

/**
 * Every malformed line, each with its line number and what a valid spec looks like: an option
 * mistake of `targets` (or of `retireTargets`, the option it names).
 */
export class TargetSpecError extends OptionError {
  override name = 'TargetSpecError';
  /** Each malformed spec: its line (0 when no line is at fault), its text, and what is wrong. */
  readonly problems: Array<{ line: number; text: string; problem: string }>;
  constructor(problems: Array<{ line: number; text: string; problem: string }>, option = 'targets') {
    super(
      option,
      problems.length === 1
        ? describeProblem(problems[0]!)
        : `${problems.length} target specs are malformed:\n${problems.map((p) => `  ${describeProblem(p)}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

function describeProblem(p: { line: number; text: string; problem: string }): string {
  return p.line > 0 ? `line ${p.line} ("${p.text}"): ${p.problem}` : p.problem;
}

/** Every kind's forms: what a valid spec looks like. */
const TARGET_SPEC_FORMS = `${TARGET_KINDS.slice(0, -1)
  .map((k) => k.forms)
  .join(', ')} or ${TARGET_KINDS.at(-1)!.forms}`;

/**
 * Reads target specs, one per line or comma (`#` lines are comments); no spec at all means
 * `repo:<defaultRepository>`. Throws a TargetSpecError naming every malformed line, and refuses
 * two specs of one secret.
 *
 * @example parseTargetSpecs('repo:acme/web\nenv:acme/web:production')
 */
export function parseTargetSpecs(text: string | readonly string[], options: ParseTargetSpecsOptions = {}): TargetSpec[] {
  const lines = typeof text === 'string' ? text.split(/\r?\n/) : text.flatMap((t) => t.split(/\r?\n/));
  const specs: Array<{ spec: TargetSpec; line: number }> = [];
  const problems: TargetSpecError['problems'] = [];

  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (!content || content.startsWith('#')) return;
    for (const item of groupItems(content)) {
      try {
        const spec = parseOne(item);
        // Two specs of one secret (`org:acme` and `org:acme:private`, or names in another case),
        // named with their lines; rotateKey refuses duplicate SecretTarget objects (options.ts).
        const identity = targetIdentity(spec);
        const earlier = specs.find((s) => targetIdentity(s.spec) === identity);
        if (earlier) throw new Error(`repeats the target ${formatTargetSpec(earlier.spec)} of line ${earlier.line}`);
        specs.push({ spec, line });
      } catch (error) {
        problems.push({ line, text: item, problem: (error as Error).message });
      }
    }
  });

  if (problems.length) throw new TargetSpecError(problems);
  if (specs.length) return specs.map((s) => s.spec);
  if (!options.defaultRepository) {
    throw new TargetSpecError([
      { line: 0, text: '', problem: `no target given and no current repository known: give targets as ${TARGET_SPEC_FORMS}` },
    ]);
  }
  try {
    return [parseOne(`repo:${options.defaultRepository}`)];
  } catch (error) {
    const problem = `the current repository "${options.defaultRepository}" is not OWNER/REPO (${(error as Error).message})`;
    throw new TargetSpecError([{ line: 0, text: options.defaultRepository, problem }]);
  }
}

/**
 * Splits a line on commas, keeping together what a comma cannot end: the repository list of
 * `org:ORG:selected:A,B`, and an environment name holding a comma (`env:o/r:a,b`). A piece joins
 * the item before it unless it starts a spec of its own.
 */
function groupItems(content: string): string[] {
  const items: string[] = [];
  for (const piece of content.split(',')) {
    const previous = items.at(-1);
    const startsSpec = TARGET_KINDS.some(({ name }) => piece.trimStart().startsWith(`${name}:`) || piece.trim() === name);
    if (!startsSpec && previous !== undefined && commaContinues(previous)) {
      items[items.length - 1] = `${previous},${piece}`;
    } else {
      items.push(piece.trimStart());
    }
  }
  return items.map((item) => item.trim()).filter(Boolean);
}

/** Whether a comma after `item` continues it, as its kind says of what follows `kind:`. */
function commaContinues(item: string): boolean {
  const colon = item.indexOf(':');
  return colon > 0 && findKind(item.slice(0, colon))?.commaContinues?.(item.slice(colon + 1)) === true;
}

/** `kind:rest` read by its kind. */
function parseOne(item: string): TargetSpec {
  const colon = item.indexOf(':');
  const kind = findKind(colon > 0 ? item.slice(0, colon) : item);
  if (!kind) throw new Error(`not a target spec: expected ${TARGET_SPEC_FORMS}`);
  return kind.parse(colon > 0 ? item.slice(colon + 1) : undefined);
}

/**
 * Parsed specs checked field by field by the parser's rules (a known kind, names GitHub accepts, a
 * repository list only with `selected`), and two specs of one secret refused: a TargetSpecError of
 * `option` naming each spec at fault by its position. The specs are used as given.
 */
export function checkTargetSpecs(specs: readonly TargetSpec[], option = 'targets'): void {
  const problems: TargetSpecError['problems'] = [];
  const seen = new Map<string, number>();
  specs.forEach((spec, index) => {
    let problem = specProblem(spec);
    if (!problem) {
      const identity = targetIdentity(spec);
      const earlier = seen.get(identity);
      if (earlier === undefined) seen.set(identity, index);
      else problem = `repeats the target of spec ${earlier + 1}`;
    }
    if (problem) problems.push({ line: 0, text: '', problem: `spec ${index + 1}${specLabel(spec)}: ${problem}` });
  });
  if (problems.length) throw new TargetSpecError(problems, option);
}

/** " (repo:acme/web)", as far as a malformed spec can be written. */
function specLabel(spec: TargetSpec): string {
  if (!findKind(spec?.kind)) return '';
  try {
    return ` (${formatTargetSpec(spec)})`;
  } catch {
    return '';
  }
}

/** What is wrong with one parsed spec's fields, if anything. */
function specProblem(spec: TargetSpec): string | undefined {
  const kind = findKind(spec?.kind);
  if (!kind) return `not a target spec: kind must be one of ${TARGET_KINDS.map((k) => k.name).join(', ')}`;
  return kind.problem(spec);
}

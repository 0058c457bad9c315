// An Action input, from the runner's INPUT_ variable to a checked value: the errors that name the
// input, the checks every input gets, reading all of them before anything happens, and masking.
// One concept (how @actions/core keeps getInput and its variants together).

import * as core from '@actions/core';
import { InputError } from '@keyturn/api/values';

/** Every invalid input of a run at once, so one failed run lists all there is to fix. */
export class InvalidInputsError extends Error {
  override readonly name = 'InvalidInputsError';

  constructor(readonly errors: readonly InputError[]) {
    super(
      errors.length === 1
        ? `${errors[0]!.message}. Nothing was done.`
        : `${errors.length} inputs are invalid; nothing was done:\n${errors.map((e) => `- ${e.message}`).join('\n')}`,
    );
  }
}

// Reads one input as the runner passes it (`INPUT_<NAME>` env var, see
// https://docs.github.com/actions/sharing-automations/creating-actions/metadata-syntax-for-github-actions#inputs)
// and checks what every input must satisfy before it is parsed: present when required, not oversize,
// no control characters.

export interface InputTextOptions {
  /** An empty value is an error (the runner passes '' for a missing input). */
  required?: boolean;
  /** Newlines (and tabs) allowed: lists, JSON. */
  multiline?: boolean;
  /** Longest accepted value, in characters. Default 1000 (single line) or 100,000 (multi-line). */
  maxLength?: number;
  /** Added to the "required" error: how to pass the input. */
  hint?: string;
}

const DEFAULT_MAX_LENGTH = 1000;
const DEFAULT_MAX_MULTILINE_LENGTH = 100_000;

// C0/C1 controls, DEL, line/paragraph separators, bidi overrides and the BOM: none belongs in an
// input, and bidi overrides can make a log line read differently from what it holds.
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/u;
const FORBIDDEN_MULTILINE = /[^\n\t\P{Cc}]|[\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/u;

/** Checks a raw input value and returns it trimmed (CRLF turned into LF). */
export function checkInputText(name: string, raw: string, options: InputTextOptions = {}): string {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (text === '') {
    if (options.required) {
      throw new InputError(name, `is required but empty${options.hint ? `: ${options.hint}` : ''}`);
    }
    return '';
  }
  const maxLength = options.maxLength ?? (options.multiline ? DEFAULT_MAX_MULTILINE_LENGTH : DEFAULT_MAX_LENGTH);
  if (text.length > maxLength) {
    throw new InputError(name, `is ${text.length} characters long; at most ${maxLength} are accepted`);
  }
  const match = (options.multiline ? FORBIDDEN_MULTILINE : FORBIDDEN).exec(text);
  if (match) {
    const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    const what = match[0] === '\n' ? 'a line break (it takes a single line)' : `a control character (U+${code})`;
    throw new InputError(name, `contains ${what} at position ${match.index + 1}; remove it`);
  }
  return text;
}

/** Reads an input from the environment the runner set up, then checks it. */
export function readInputText(name: string, options: InputTextOptions = {}): string {
  return checkInputText(name, core.getInput(name, { trimWhitespace: false }), options);
}

export interface ReadInputOptions extends InputTextOptions {
  /** Used when the input is empty (the runner also applies action.yml defaults; an explicit '' lands here). */
  default?: string;
}

/** Reads, checks and parses one input; `parse` throws an InputError naming it when the value is wrong. */
export function readInput<T>(name: string, parse: (name: string, text: string) => T, options: ReadInputOptions = {}): T {
  return parse(name, readInputText(name, options) || options.default || '');
}

// Checks every input before anything happens, and reports all the invalid ones together.

type Readers = Record<string, () => unknown>;
export type CollectedInputs<R extends Readers> = { [K in keyof R]: ReturnType<R[K]> };

/**
 * Runs each reader; if any throws an InputError, throws one InvalidInputsError naming them all.
 * Other errors are bugs and pass through.
 */
export function collectInputs<R extends Readers>(readers: R): CollectedInputs<R> {
  const values: Record<string, unknown> = {};
  const errors: InputError[] = [];
  for (const [key, read] of Object.entries(readers)) {
    try {
      values[key] = read();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new InvalidInputsError(errors);
  return values as CollectedInputs<R>;
}

// Masking comes first: `core.setSecret` makes the runner hide a value in every later log line
// (https://docs.github.com/actions/reference/workflow-commands-for-github-actions#masking-a-value-in-a-log).

/** Masks the values of secret inputs (as the Action will use them) before any other line is written. */
export function maskSecretInputs(names: readonly string[]): void {
  for (const name of names) maskValue(core.getInput(name));
}

/** Masks one secret value; empty values are skipped (masking '' would hide nothing useful). */
export function maskValue(value: string): void {
  if (value !== '') core.setSecret(value);
}

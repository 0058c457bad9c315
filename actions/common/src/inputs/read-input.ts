// Reads one input as the runner passes it (`INPUT_<NAME>` env var, see
// https://docs.github.com/actions/sharing-automations/creating-actions/metadata-syntax-for-github-actions#inputs)
// and checks what every input must satisfy before it is parsed: present when required, not oversize,
// no control characters.

import * as core from '@actions/core';
import { InputError } from './input-error.js';

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
export function readInput<T>(
  name: string,
  parse: (name: string, text: string) => T,
  options: ReadInputOptions = {},
): T {
  return parse(name, readInputText(name, options) || options.default || '');
}

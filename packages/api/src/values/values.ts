// The value types an input parses into: booleans, whole numbers, durations, lists.
// Each parser takes the input's name and its checked text, and throws an InputError naming it.

import { looksLikeCredential } from '../toolkit/redact-credentials.js';
import { InputError } from './input-error.js';
import { rejectedValue } from './refused-values.js';

// Booleans: true/false, yes/no, on/off, 1/0, in any case (YAML users write all of them).

const TRUE = new Set(['true', 'yes', 'on', '1']);
const FALSE = new Set(['false', 'no', 'off', '0']);

/** `text` as a boolean: true/false, yes/no, on/off, 1/0, in any case; else an InputError naming `name`. */
export function parseBoolean(name: string, text: string): boolean {
  const value = text.toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new InputError(name, `is ${rejectedValue(text)}, not a boolean: write true or false (yes/no and 1/0 also work)`);
}

// Whole numbers in decimal digits only: no sign, no exponent, no fraction.

/** The least and most a whole number may be (default 0 and Number.MAX_SAFE_INTEGER). */
export interface IntegerBounds {
  min?: number;
  max?: number;
}

/** `text` as a whole number in decimal digits within `bounds`; else an InputError naming `name`. */
export function parseInteger(name: string, text: string, bounds: IntegerBounds = {}): number {
  const min = bounds.min ?? 0;
  const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value)) {
    throw new InputError(name, `is ${rejectedValue(text)}, not a whole number`);
  }
  if (value < min || value > max) {
    throw new InputError(name, `is ${value}; it must be between ${min} and ${max}`);
  }
  return value;
}

/** `text`, one of `choices`; else an InputError naming `name` that quotes it only when it is no key. */
export function parseChoice<T extends string>(name: string, text: string, choices: readonly T[]): T {
  if (choices.includes(text as T)) return text as T;
  const given = looksLikeCredential(text) ? rejectedValue(text) : JSON.stringify(text);
  throw new InputError(name, `must be one of ${choices.join(', ')}, not ${given}`);
}

// Durations: `90` (seconds), `90s`, `500ms`, `10m`, `1h`, as the Action inputs document them.

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i;

/** The shortest and longest a duration may be. */
export interface DurationBounds {
  /** Shortest accepted, in milliseconds. Default 1. */
  minMs?: number;
  /** Longest accepted, in milliseconds. Default 24 hours. */
  maxMs?: number;
}

/** Parses a duration into whole milliseconds. A plain number means seconds. */
export function parseDuration(name: string, text: string, bounds: DurationBounds = {}): number {
  const match = DURATION.exec(text);
  if (!match) {
    throw new InputError(
      name,
      `is ${rejectedValue(text)}, not a duration: write seconds (90) or a number with a unit (500ms, 90s, 10m, 1h)`,
    );
  }
  const unit = (match[2]?.toLowerCase() ?? 's') as keyof typeof UNIT_MS;
  const ms = Math.round(Number(match[1]) * UNIT_MS[unit]);
  const minMs = bounds.minMs ?? 1;
  const maxMs = bounds.maxMs ?? UNIT_MS.h * 24;
  if (ms < minMs || ms > maxMs) {
    throw new InputError(name, `is ${rejectedValue(text)}; it must be between ${formatMs(minMs)} and ${formatMs(maxMs)}`);
  }
  return ms;
}

function formatMs(ms: number): string {
  for (const unit of ['h', 'm', 's'] as const) {
    if (ms >= UNIT_MS[unit] && ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  }
  return `${ms}ms`;
}

// Inputs that take several values accept them one per line, comma-separated, or both.

/** Splits on newlines and commas, trims, drops empty items. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Keeps the first occurrence of each value, in order. */
export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

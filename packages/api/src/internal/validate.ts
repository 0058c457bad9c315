// Up-front checks of caller input with messages that name the option and the rule. String values
// are never echoed back: a misplaced key (pasted as a URL or a name) must not end up in an error.
// Every mistake is an OptionError naming the option, so a tool can point at its own input.
import { OptionError } from '../errors.js';

/** setTimeout fires at once for larger delays, so no duration may exceed it. */
export const MAX_TIMER_MS = 2_147_483_647;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `option` of a mistake in the options object as a whole (not one of its fields). */
export const WHOLE_OPTIONS = 'options';

export function requireOptionsObject(value: unknown, context: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw new OptionError(WHOLE_OPTIONS, `${context}: options must be an object`);
  return value;
}

/**
 * Rejects misspelled options (`baseURL`), which would otherwise be ignored silently. `parent` is
 * the path of a nested options object (`retries`), so the error names `retries.maxRetry`.
 */
export function rejectUnknownKeys(value: Record<string, unknown>, allowed: readonly string[], context: string, parent?: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key) && value[key] !== undefined) {
      const where = parent === undefined ? context : `${context}: ${parent}`;
      const option = parent === undefined ? key : `${parent}.${key}`;
      throw new OptionError(option, `${where}: unknown option "${key}" (allowed: ${allowed.join(', ')})`);
    }
  }
}

interface NumberRule {
  min?: number;
  /** True when min itself is not allowed. */
  exclusiveMin?: boolean;
  max?: number;
  integer?: boolean;
  unit?: string;
}

export function requireNumber(value: unknown, name: string, context: string, rule: NumberRule = {}): number {
  const { min = 0, exclusiveMin = false, max = MAX_TIMER_MS, integer = false, unit = '' } = rule;
  const kind = integer ? 'an integer' : 'a number';
  const bounds = `${exclusiveMin ? '>' : '>='} ${min}${max === Number.POSITIVE_INFINITY ? '' : ` and <= ${max}`}`;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (exclusiveMin ? value > min : value >= min) &&
    value <= max;
  if (!ok) {
    const got = typeof value === 'number' ? String(value) : typeof value;
    throw new OptionError(name, `${context}: ${name} must be ${kind}${unit ? ` of ${unit}` : ''} ${bounds} (got ${got})`);
  }
  return value as number;
}

export function requireNonEmptyString(value: unknown, name: string, context: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new OptionError(name, `${context}: ${name} must be a non-empty string`);
  }
  return value;
}

export function requireFunction<T>(value: unknown, name: string, context: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') throw new OptionError(name, `${context}: ${name} must be a function`);
  return value as T;
}

export function requireSignal(value: unknown, name: string, context: string): AbortSignal | undefined {
  if (value === undefined) return undefined;
  const looksLikeSignal =
    isPlainObjectLike(value) &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function';
  if (!looksLikeSignal) throw new OptionError(name, `${context}: ${name} must be an AbortSignal`);
  return value as AbortSignal;
}

function isPlainObjectLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

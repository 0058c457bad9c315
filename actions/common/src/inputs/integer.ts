// Whole numbers in decimal digits only: no sign, no exponent, no fraction.

import { InputError } from './input-error.js';
import { rejectedValue } from './rejected-value.js';

export interface IntegerBounds {
  min?: number;
  max?: number;
}

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

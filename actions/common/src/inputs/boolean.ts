// Booleans: true/false, yes/no, on/off, 1/0, in any case (YAML users write all of them).

import { InputError } from './input-error.js';
import { rejectedValue } from './rejected-value.js';

const TRUE = new Set(['true', 'yes', 'on', '1']);
const FALSE = new Set(['false', 'no', 'off', '0']);

export function parseBoolean(name: string, text: string): boolean {
  const value = text.toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new InputError(name, `is ${rejectedValue(text)}, not a boolean: write true or false (yes/no and 1/0 also work)`);
}

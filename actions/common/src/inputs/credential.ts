// Keys and tokens travel in an HTTP header: printable ASCII, no spaces. Errors never quote them.

import { InputError } from './input-error.js';

export function parseCredential(name: string, text: string): string {
  if (!/^[\x21-\x7E]+$/.test(text)) {
    throw new InputError(name, 'contains spaces or non-ASCII characters; check that the secret holds the key alone');
  }
  return text;
}

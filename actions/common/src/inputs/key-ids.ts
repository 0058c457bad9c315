// Platform API key ids: positive integers, by line or comma.

import { InputError } from './input-error.js';
import { splitList, unique } from './list.js';
import { rejectedValue } from './rejected-value.js';

const MAX_KEY_IDS = 100;

export function parseKeyIds(name: string, text: string): number[] {
  const items = splitList(text);
  if (items.length > MAX_KEY_IDS) {
    throw new InputError(name, `lists ${items.length} key ids; at most ${MAX_KEY_IDS} are accepted`);
  }
  const ids = items.map((item) => {
    const id = /^\d{1,15}$/.test(item) ? Number(item) : 0;
    if (id < 1) {
      throw new InputError(name, `holds ${rejectedValue(item)}, not a key id: key ids are positive whole numbers, one per line or comma-separated`);
    }
    return id;
  });
  return unique(ids);
}

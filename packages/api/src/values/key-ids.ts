// Key ids a person lists (rotate-key's revoke-key-ids, the CLI's --revoke-key-id): only the text is
// read here; whether each is a key id rotateKey may revoke is the library's check.
import { InputError } from './input-error.js';
import { rejectedValue } from './refused-values.js';
import { splitList, unique } from './values.js';

const MAX_KEY_IDS = 100;

/** Platform API key ids, one per line or comma-separated, each once: what the library may revoke is its own check. */
export function parseKeyIds(name: string, text: string): number[] {
  const items = splitList(text);
  if (items.length > MAX_KEY_IDS) {
    throw new InputError(name, `lists ${items.length} key ids; at most ${MAX_KEY_IDS} are accepted`);
  }
  const ids = items.map((item) => {
    const id = /^\d{1,15}$/.test(item) ? Number(item) : 0;
    if (id < 1) {
      throw new InputError(
        name,
        `holds ${rejectedValue(item)}, not a key id: key ids are positive whole numbers, one per line or comma-separated`,
      );
    }
    return id;
  });
  return unique(ids);
}

// Ids an input gives that go into request paths, and so into the log: refused when shaped like a key
// (wait-for-operation's project-id and operation-ids).

import { isPlainObject } from '../internal/validate.js';
import { looksLikeCredential } from '../toolkit/redact-credentials.js';
import { InputError } from './input-error.js';
import { rejectedValue, withoutEchoes } from './refused-values.js';
import { splitList, unique } from './values.js';

// A project id goes into URL paths: letters, digits, `-` and `_` only (real ids look like
// `purple-shape-411361`), so a wrong value fails here and not as a confusing 404. A value shaped
// like a key (one long run of letters and digits) is refused too: it would go into request paths,
// and so into the log, unmasked.

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** `text` as a platform project id (letters, digits, `-` and `_`), refused when shaped like a key. */
export function parseProjectId(name: string, text: string): string {
  if (!PROJECT_ID.test(text) || looksLikeCredential(text)) {
    throw new InputError(
      name,
      `is ${rejectedValue(text)}, not a project id: ids hold letters, digits, '-' and '_' (e.g. purple-shape-411361)`,
    );
  }
  return text;
}

// `operation-ids`: ids by line or comma, or JSON: an array of ids, an array of operation objects,
// or a whole API response holding `operations` (e.g. the body of a create-branch call, whose
// operations a deploy then waits for; platform-api.md 4.3 rule 5). Ids go into request paths, and so
// into the log: a value shaped like a key is refused, not looked up (real ids are UUIDs).

const OPERATION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const MAX_OPERATION_IDS = 1000;
const FORMS = 'give ids one per line or comma-separated, a JSON array of ids or of operations, or a JSON response holding "operations"';

/** An empty text means "every pending operation of the project": undefined, not []. */
export function parseOperationIds(name: string, text: string): string[] | undefined {
  if (text === '') return undefined;
  const items = text.startsWith('[') || text.startsWith('{') ? idsFromJson(name, text) : splitList(text);
  if (items.length > MAX_OPERATION_IDS) {
    throw new InputError(name, `lists ${items.length} operations; at most ${MAX_OPERATION_IDS} are accepted`);
  }
  for (const id of items) {
    if (!OPERATION_ID.test(id) || looksLikeCredential(id)) {
      throw new InputError(name, `holds ${rejectedValue(id)}, not an operation id; ${FORMS}`);
    }
  }
  return unique(items);
}

function idsFromJson(name: string, text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const problem = withoutEchoes((error as Error).message, text);
    throw new InputError(name, `starts like JSON but does not parse (${problem}); ${FORMS}`);
  }
  const list = Array.isArray(value) ? value : isPlainObject(value) ? value.operations : undefined;
  if (!Array.isArray(list)) {
    throw new InputError(name, `is a JSON object without an "operations" array; ${FORMS}`);
  }
  return list.map((item, index) => {
    const id = isPlainObject(item) ? item.id : item;
    if (typeof id !== 'string') {
      throw new InputError(name, `has an item ${index} that is neither an id string nor an object with a string "id"`);
    }
    return id;
  });
}

// A project id goes into URL paths: letters, digits, `-` and `_` only (real ids look like
// `purple-shape-411361`), so a wrong value fails here and not as a confusing 404. A value shaped
// like a key (one long run of letters and digits) is refused too: it would go into request paths,
// and so into the log, unmasked.

import { looksLikeCredential } from '@keyturn/api/toolkit';
import { InputError, rejectedValue } from '../../../common/src/index.js';

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export function parseProjectId(name: string, text: string): string {
  if (!PROJECT_ID.test(text) || looksLikeCredential(text)) {
    throw new InputError(name, `is ${rejectedValue(text)}, not a project id: ids hold letters, digits, '-' and '_' (e.g. purple-shape-411361)`);
  }
  return text;
}

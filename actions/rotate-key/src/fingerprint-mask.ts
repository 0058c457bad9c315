// leaked-key-fingerprint takes a fingerprint (16 hex characters), never the key: a value of any
// other shape may be the leaked key pasted by mistake, so it is masked before anything is logged.

import { maskValue } from '@keyturn/action-common';

export function maskUnlessFingerprint(text: string): void {
  const value = text.trim();
  if (value && !/^[0-9a-fA-F]{16}$/.test(value)) maskValue(value);
}

// The platform as the leak answer reaches it: a client to ask whether a key value still works (the
// value goes in per request).

import { createClient, type PlatformClient } from '@keyturn/api';
import type { CheckedOptions } from '../check-options.js';

/** A client of the platform the rotation reaches (its URL, retries, fetch), with its current key. */
export function currentKeyClient(checked: Pick<CheckedOptions, 'platform'>): PlatformClient {
  const { platform } = checked;
  return 'options' in platform ? createClient(platform.options) : platform.client;
}

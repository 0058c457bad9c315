// The platform as the leak answer reaches it: a client to ask whether a key value still works (the
// value goes in per request), and the rotation's options moved on to the key every target holds
// after an emergency rotation (the key the run started with may be the one it revoked).

import { createClient, type PlatformClient } from '@keyturn/api';
import type { CheckedOptions } from '../check-options.js';
import type { RotateKeyOptions } from '../options.js';

/** A client of the platform the rotation reaches (its URL, retries, fetch), with its current key. */
export function currentKeyClient(checked: Pick<CheckedOptions, 'platform'>): PlatformClient {
  const { platform } = checked;
  return 'options' in platform ? createClient(platform.options) : platform.client;
}

/** `rotation` with `apiKey` as its current key, whichever form it reached the platform in. */
export function withCurrentKey(rotation: RotateKeyOptions, apiKey: string): RotateKeyOptions {
  const { client, apiKey: _old, platform, ...rest } = rotation;
  if (client) return { ...rest, platform: { client, apiKey } };
  if (platform && 'client' in platform) return { ...rest, platform: { client: platform.client, apiKey } };
  return { ...rest, platform: { ...platform, apiKey } };
}

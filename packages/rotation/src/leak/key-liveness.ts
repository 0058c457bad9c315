// Whether a key value still works: the platform's own word, asked with the value itself. A revoked
// key is refused with 401 on every endpoint; any other answer (200, or 403 for a key whose scope
// does not reach the endpoint) means it is alive. An alert is resolved only on this word.

import { ApiError, type PlatformClient } from '@keyturn/api';

/** `true` once the platform refuses `value` as a credential (401); a failure to ask is thrown. */
export async function keyIsRevoked(client: PlatformClient, value: string): Promise<boolean> {
  try {
    await client.withApiKey(value).request('GET', '/users/me');
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return true;
    // Answered, and not as a bad credential: the key works (e.g. 403, a scope short of /users/me).
    if (error instanceof ApiError && error.status !== undefined && error.status < 500 && error.status !== 429) return false;
    throw error;
  }
}

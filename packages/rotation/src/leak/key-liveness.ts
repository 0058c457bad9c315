// Whether a key value still works: the platform's own word, asked with the value itself (GET /auth,
// which every kind of key may call). A revoked key is refused with 401; any other answer means it
// is alive. An alert is resolved only on this word.

import { ApiError, type PlatformClient } from '@keyturn/api';

/** `true` once the platform refuses `value` as a credential (401); a failure to ask is thrown. */
export async function keyIsRevoked(client: PlatformClient, value: string): Promise<boolean> {
  try {
    await client.withApiKey(value).auth.getDetails();
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return true;
    // Answered, and not as a bad credential: the key works.
    if (error instanceof ApiError && error.status !== undefined && error.status < 500 && error.status !== 429) return false;
    throw error;
  }
}

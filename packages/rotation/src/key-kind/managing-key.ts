// A failure of a request made with the managing key keeps its class (a 401 is still an
// AuthenticationError, a lost create still "may have taken effect"), but is marked, so the run never
// reads it as the rotated key's (a newer rotation revoking the new key, I6) and says which key failed.

const managingKeyFailures = new WeakSet<object>();

/** Marks `error` as the managing key's and returns it. */
export function markManagingKeyFailure(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) managingKeyFailures.add(error);
  return error;
}

/** True when `error` came from a request made with the managing key. */
export function isManagingKeyFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && managingKeyFailures.has(error);
}

/** Runs a request of the managing key, marking what it throws. */
export async function withManagingKey<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw markManagingKeyFailure(error);
  }
}

// A listing's failure: a gap in the inventory (the token may not read it: 403, 404), or a reason to
// stop the walk (no answer, a failure of the service, a rate limit not waited out, a bad credential).

import { rateLimitOf } from '../github-client/rate-limit.js';
import type { UnreadableListing } from './secret-copy.js';

/** The gap `error` leaves at `place`, or the error again (thrown) when the walk must stop. */
export function listingGap(error: unknown, place: string, advice: (status: 403 | 404) => string): UnreadableListing {
  const status = (error as { status?: unknown }).status;
  if ((status === 403 || status === 404) && !rateLimitOf(error)) return { place, status, advice: advice(status) };
  throw error;
}

// Did a write that got no answer land (I7 in rotate-key.ts)? The target's own record says when the secret last changed
// (GitHub: `updated_at`, whole seconds), and the public key's `servedAt` says what the service's
// clock read before the run wrote anything there. Only a change at least a minute before proves
// that nothing of the run landed: the `Date` header and `updated_at` may come from two hosts whose
// clocks differ, and a replica read may lag behind the write. A secret not found proves nothing
// either (a lagging replica, or a write still being applied). Anything less certain proves nothing.
// https://docs.github.com/en/rest/actions/secrets#get-a-repository-secret

import { describeError } from '../platform.js';
import { type SecretTarget, takesPlainValue } from './secret-target.js';

/** How much earlier than `servedAt` the last change must be to prove the secret untouched. */
export const UNTOUCHED_MARGIN_MS = 60_000;

export interface UntouchedCheck {
  /** True only when the target's record proves no write since `servedAt` landed. */
  untouched: boolean;
  /** Why, for the log and the error: never a value. */
  reason: string;
}

export async function untouchedSince(
  target: SecretTarget,
  secretName: string,
  servedAt: Date | undefined,
  newValue?: string,
): Promise<UntouchedCheck> {
  // A target that shows its value (GitLab's variables, which keep no time of their last change) proves it by the value.
  if (newValue !== undefined && takesPlainValue(target) && target.holdsValue) {
    const holds = await target.holdsValue(secretName, newValue).catch(() => undefined);
    if (holds === false) return { untouched: true, reason: 'its variable does not hold the new key' };
    if (holds === true) return { untouched: false, reason: 'its variable holds the new key' };
  }
  if (!servedAt || !target.readSecretMeta) {
    return { untouched: false, reason: 'the target cannot say when its secret last changed' };
  }
  let updatedAt: string | undefined;
  try {
    const meta = await target.readSecretMeta(secretName);
    // Not found: a lagging replica, or a write still being applied, may not show it yet.
    if (!meta) return { untouched: false, reason: `it answered that it has no secret ${secretName}, which proves nothing` };
    updatedAt = meta.updatedAt;
  } catch (error) {
    return { untouched: false, reason: `reading the secret's metadata failed: ${describeError(error)}` };
  }
  const updated = updatedAt === undefined ? Number.NaN : Date.parse(updatedAt);
  const first = `this run first reached it at ${timestamp(servedAt)}`;
  if (Number.isNaN(updated)) return { untouched: false, reason: 'its secret has no readable updated_at' };
  if (updated <= servedAt.getTime() - UNTOUCHED_MARGIN_MS) {
    return { untouched: true, reason: `its secret was last updated at ${timestamp(new Date(updated))}, over a minute before ${first}` };
  }
  return { untouched: false, reason: `its secret was updated at ${timestamp(new Date(updated))}, not a minute before ${first}` };
}

/** `2026-01-02T03:04:05Z`, as GitHub writes its timestamps. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, 'Z');
}

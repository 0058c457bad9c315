// Did a write that got no answer land? The target's own record says when the secret last changed
// (GitHub: `updated_at`, whole seconds, GitHub's clock), and the public key's `servedAt` says what
// that clock read before the run wrote anything there. Changed strictly earlier: nothing of the run
// landed, and the secret holds what it held before. Anything less certain proves nothing.
// https://docs.github.com/en/rest/actions/secrets#get-a-repository-secret

import type { SecretTarget } from './secret-target.js';

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
): Promise<UntouchedCheck> {
  if (!servedAt || !target.readSecretMeta) {
    return { untouched: false, reason: 'the target cannot say when its secret last changed' };
  }
  let updatedAt: string | undefined;
  try {
    const meta = await target.readSecretMeta(secretName);
    // No secret at all: a write that landed would have created it.
    if (!meta) return { untouched: true, reason: `it has no secret ${secretName}` };
    updatedAt = meta.updatedAt;
  } catch (error) {
    return { untouched: false, reason: `reading the secret's metadata failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const updated = updatedAt === undefined ? Number.NaN : Date.parse(updatedAt);
  const first = `this run first reached it at ${timestamp(servedAt)}`;
  if (Number.isNaN(updated)) return { untouched: false, reason: 'its secret has no readable updated_at' };
  if (updated < servedAt.getTime()) {
    return { untouched: true, reason: `its secret was last updated at ${timestamp(new Date(updated))}, before ${first}` };
  }
  return { untouched: false, reason: `its secret was updated at ${timestamp(new Date(updated))}, not before ${first}` };
}

/** `2026-01-02T03:04:05Z`, as GitHub writes its timestamps. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, 'Z');
}

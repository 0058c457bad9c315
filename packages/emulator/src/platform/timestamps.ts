// Timestamps on the wire: ISO 8601 in UTC with a trailing `Z` (spec section 1). Operations carry
// microseconds, so that `created_at` is unique per project and can serve as the list cursor (2.4).

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/;

/** Milliseconds since the epoch -> `2024-05-01T10:00:00.123Z`. */
export function isoFromMs(ms: number): string {
  return new Date(ms).toISOString();
}

/** Microseconds since the epoch -> `2024-05-01T10:00:00.123456Z`. */
export function isoFromMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const fraction = String(micros - Math.floor(micros / 1_000_000) * 1_000_000).padStart(6, '0');
  return `${new Date(ms).toISOString().slice(0, 19)}.${fraction}Z`;
}

/** The inverse of isoFromMicros, accepting 0 to 9 fractional digits; undefined when not a timestamp. */
export function microsFromIso(text: string): number | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const seconds = Date.parse(`${match[1]}Z`);
  if (Number.isNaN(seconds)) return undefined;
  const fraction = Number((match[2] ?? '').padEnd(6, '0').slice(0, 6));
  return seconds * 1000 + fraction;
}

// `Retry-After` is either a number of seconds or an HTTP date (RFC 9110 §10.2.3):
// https://www.rfc-editor.org/rfc/rfc9110#field.retry-after

/** Milliseconds to wait, or undefined when the header is absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only something that looks like a date: Date.parse reads bare numbers such as "-1" as years.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return undefined;
  return Math.max(0, at - nowMs);
}

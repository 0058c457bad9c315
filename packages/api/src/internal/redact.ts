// Keeps key values out of every string the client builds from outside input (server messages,
// network error texts): a key must never reach an error, a log line or an event.

const REDACTED = '[redacted]';
// A bearer token, unless it is already redacted or a placeholder such as `<API key>`.
const BEARER = /(bearer\s+)(?![[<])[^\s"',;)]+/gi;

/** Replaces each secret and anything following `Bearer ` with `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length > 0) out = out.split(secret).join(REDACTED);
  }
  return out.replace(BEARER, `$1${REDACTED}`);
}

/** A short, redacted, single-line excerpt of an untrusted text. */
export function safeExcerpt(text: string, secrets: readonly string[], max = 300): string {
  const line = redactSecrets(text, secrets).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

// The one credential scrubber of keyturn: every text that may echo outside input (a server's
// message, a network error, GitHub's answer, a refused option) goes through it before it reaches an
// error, a log line or an event. Token formats:
// https://github.blog/engineering/behind-githubs-new-authentication-token-formats/

const REDACTED = '[redacted]';

// A Bearer value, unless it is a placeholder (`<API key>`, already `[redacted]`) or a prose word
// such as "Bearer authentication": keys hold digits, capitals or symbols.
const BEARER_VALUE = /\b(bearer\s+)(?![[<])(?![a-z]{5,}\b)[^\s"',;)]+/gi;
// `token X` is redacted only when X is credential-shaped (8+ characters with a digit or symbol), so
// prose such as "token has expired" survives.
const TOKEN_VALUE = /\b(token\s+)(?=[^\s"',;)]*[0-9_\-.=+/])[^\s"',;)]{8,}/gi;
// GitHub's token prefixes (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_) and the platform's (napi_).
const PREFIXED_TOKEN = /(?<![A-Za-z0-9])(?:gh[pousr]_|github_pat_|napi_)[A-Za-z0-9_]{4,}/g;
// Random key material: 16 or more letters and digits in one run, with both letters and digits
// (names such as NEON_API_KEY, ids such as purple-shape-411361 or UUIDs break into shorter runs).
const RANDOM_RUN = /[A-Za-z0-9]{16,}/g;

/**
 * `text` with every credential in it replaced by `[redacted]`: each `known` value (the key or token
 * in use), Authorization values (`Bearer X`, `token X`), strings with a GitHub or platform token
 * prefix, and long runs of random-looking letters and digits.
 *
 * @example
 * redactCredentials(`bad key ${key} (Authorization: Bearer ${key})`, [key])
 * // 'bad key [redacted] (Authorization: Bearer [redacted])'
 */
export function redactCredentials(text: string, known: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of known) if (secret) out = out.split(secret).join(REDACTED);
  return out
    .replace(BEARER_VALUE, `$1${REDACTED}`)
    .replace(TOKEN_VALUE, `$1${REDACTED}`)
    .replace(PREFIXED_TOKEN, REDACTED)
    .replace(RANDOM_RUN, (run) => (/[A-Za-z]/.test(run) && /\d/.test(run) ? REDACTED : run));
}

/** True when `text` holds something shaped like a key or token (what `redactCredentials` would hide). */
export function looksLikeCredential(text: string): boolean {
  return redactCredentials(text) !== text;
}

/** A short, redacted, single-line excerpt of an untrusted text. */
export function safeExcerpt(text: string, known: readonly string[], max = 300): string {
  const line = redactCredentials(text, known).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

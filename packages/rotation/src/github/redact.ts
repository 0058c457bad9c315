// GitHub's error text, or a proxy's in front of it, is copied into TargetError messages: scrub the
// credential from it first, both the exact token and anything shaped like an Authorization value.

// Credential-shaped only (8+ characters with a digit or symbol), so prose such as "token has
// expired" or "Bearer authentication" survives.
const AUTHORIZATION_VALUE = /\b(bearer|token)\s+(?=[^\s"',;)]*[0-9_\-.=+/])[^\s"',;)]{8,}/gi;
const REDACTED = '[redacted]';

/** `text` with every given secret and every credential-shaped `Bearer X` / `token X` replaced by `[redacted]`. */
export function redactCredentials(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED);
  return out.replace(AUTHORIZATION_VALUE, `$1 ${REDACTED}`);
}

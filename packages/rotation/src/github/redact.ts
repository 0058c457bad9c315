// GitHub's error text, or a proxy's in front of it, is copied into TargetError messages: scrub the
// credential from it first, both the exact token and anything shaped like an Authorization value.

const AUTHORIZATION_VALUE = /(bearer|token)\s+\S+/gi;
const REDACTED = '[redacted]';

/** `text` with every given secret and every `Bearer X` / `token X` replaced by `[redacted]`. */
export function redactCredentials(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED);
  return out.replace(AUTHORIZATION_VALUE, `$1 ${REDACTED}`);
}

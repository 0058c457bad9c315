// The JSON Web Token a GitHub App signs with its private key to act as the app: RS256, `iss` the
// app id or client id, `iat` and `exp` within GitHub's limits. Failures answer 401 with GitHub's own
// messages, which @octokit/auth-app reads to correct a clock difference and retry.
// https://docs.github.com/apps/creating-github-apps/authenticating-with-a-github-app/generating-a-json-web-token-jwt-for-a-github-app

import { hash, type KeyObject, verify } from 'node:crypto';
import { GitHubError } from './github-error.js';

const JWT_DOCS = 'https://docs.github.com/rest';

/** GitHub: `exp` no more than 10 minutes into the future. */
export const MAX_JWT_LIFETIME_SECONDS = 600;
/** Clock difference tolerated on an `iat` in the future and on `exp` past the 10 minutes (assumed). */
export const JWT_CLOCK_SKEW_SECONDS = 60;

export const JWT_MESSAGES = {
  undecodable: 'A JSON web token could not be decoded',
  expired: "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires",
  tooFar: "'Expiration time' claim ('exp') is too far in the future",
  issuedAt: "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued",
  unknownApp: 'Integration not found',
} as const;

/** The app a verified token names; the registry answers which app an `iss` is and its public key. */
export interface JwtIssuer {
  id: number;
  publicKey: KeyObject;
}

/** Whether a bearer value is shaped like a JWT (three base64url parts) rather than a token. */
export function looksLikeJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value);
}

/**
 * The issuing app of a valid JWT at `nowMs`; throws GitHubError 401 otherwise (the emulator dates the
 * refusal by its clock, as a client correcting its skew reads the `date` header).
 */
export function verifyAppJwt(jwt: string, nowMs: number, findIssuer: (iss: string) => JwtIssuer | undefined): JwtIssuer {
  const refuse = (message: string) => new GitHubError(401, message, JWT_DOCS);
  const [headerPart, payloadPart, signaturePart] = jwt.split('.') as [string, string, string];
  const header = decodePart(headerPart);
  const payload = decodePart(payloadPart);
  if (!header || !payload || header.alg !== 'RS256') throw refuse(JWT_MESSAGES.undecodable);
  const issuer = typeof payload.iss === 'string' || typeof payload.iss === 'number' ? findIssuer(String(payload.iss)) : undefined;
  if (!issuer) throw refuse(JWT_MESSAGES.unknownApp);
  if (!signedBy(issuer.publicKey, jwt, headerPart, payloadPart, signaturePart)) throw refuse(JWT_MESSAGES.undecodable);
  const now = Math.floor(nowMs / 1000);
  const { iat, exp } = payload;
  if (!Number.isInteger(iat) || (iat as number) > now + JWT_CLOCK_SKEW_SECONDS) throw refuse(JWT_MESSAGES.issuedAt);
  if (!Number.isInteger(exp) || (exp as number) <= now || (exp as number) <= (iat as number)) {
    throw refuse(JWT_MESSAGES.expired);
  }
  if ((exp as number) > now + MAX_JWT_LIFETIME_SECONDS + JWT_CLOCK_SKEW_SECONDS) throw refuse(JWT_MESSAGES.tooFar);
  return issuer;
}

/** Digests of the JWTs each key's signature was verified on: a client sends one JWT several times. */
const verifiedJwts = new WeakMap<KeyObject, Set<string>>();
/** Past this many a key's verified JWTs are forgotten. */
const VERIFIED_KEPT = 10_000;

/** Whether the JWT's signature is the key's: an RSA verification once per JWT and key, a digest lookup after. */
function signedBy(key: KeyObject, jwt: string, headerPart: string, payloadPart: string, signaturePart: string): boolean {
  // A digest, not the JWT: the emulator keeps no credential it was sent.
  const digest = hash('sha256', jwt, 'base64');
  let verified = verifiedJwts.get(key);
  if (verified?.has(digest)) return true;
  if (!verify('RSA-SHA256', Buffer.from(`${headerPart}.${payloadPart}`), key, Buffer.from(signaturePart, 'base64url'))) return false;
  if (!verified) {
    verified = new Set();
    verifiedJwts.set(key, verified);
  }
  if (verified.size >= VERIFIED_KEPT) verified.clear();
  verified.add(digest);
  return true;
}

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

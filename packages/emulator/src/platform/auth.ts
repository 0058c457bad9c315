// Bearer authentication (spec section 5): every request carries `Authorization: Bearer <API_KEY>`;
// a missing header, or an invalid or revoked key, is a 401. Messages never repeat the value sent.

import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '../core/http-server.js';
import type { KeyIdentity, KeyStore } from './keys.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The key a request authenticates with, marked as used; throws HttpError 401 otherwise. */
export function authenticate(headers: IncomingHttpHeaders, remoteAddress: string, keys: KeyStore): KeyIdentity {
  const header = headers.authorization;
  if (!header) throw new HttpError(401, 'authentication required: send the header Authorization: Bearer <API key>');
  const match = BEARER.exec(header);
  if (!match) throw new HttpError(401, 'the Authorization header must have the form Bearer <API key>');
  const identity = keys.use(match[1]!, clientAddress(remoteAddress));
  if (!identity) throw new HttpError(401, 'the API key is invalid or has been revoked');
  return identity;
}

/** `::ffff:127.0.0.1` (an IPv4 client of a dual-stack socket) reads as `127.0.0.1`. */
export function clientAddress(remoteAddress: string): string {
  return remoteAddress.startsWith('::ffff:') ? remoteAddress.slice('::ffff:'.length) : remoteAddress;
}

// Bearer authentication (spec section 5): every request carries `Authorization: Bearer <API_KEY>`;
// a missing header, or an invalid or revoked key, is a 401. Messages never repeat the value sent.
// It runs as the HTTP core's authenticate hook, so a request without a valid key learns nothing
// else (not whether its path exists, nor whether its body would parse).

import type { IncomingHttpHeaders } from 'node:http';
import { type EmulatorRequest, HttpError } from '../core/http-server.js';
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

/** Remembers who each request authenticated as, for the route that handles it. */
export class BearerAuth {
  readonly #callers = new WeakMap<EmulatorRequest, KeyIdentity>();

  constructor(private readonly keys: KeyStore) {}

  /** The HTTP core's authenticate hook: names the caller `key:<id>` in the log, or throws a 401. */
  readonly check = (req: EmulatorRequest): void => {
    const caller = authenticate(req.headers, req.remoteAddress, this.keys);
    req.actor = `key:${caller.id}`;
    this.#callers.set(req, caller);
  };

  /** Who `req` authenticated as; only requests the hook let through reach a route. */
  callerOf(req: EmulatorRequest): KeyIdentity {
    const caller = this.#callers.get(req);
    if (!caller) throw new HttpError(401, 'authentication required: send the header Authorization: Bearer <API key>');
    return caller;
  }
}

/** `::ffff:127.0.0.1` (an IPv4 client of a dual-stack socket) reads as `127.0.0.1`. */
export function clientAddress(remoteAddress: string): string {
  return remoteAddress.startsWith('::ffff:') ? remoteAddress.slice('::ffff:'.length) : remoteAddress;
}

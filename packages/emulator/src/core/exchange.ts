// One API request and the answer it got, for checks of the wire (the conformance suite): headers
// as sent with credentials redacted, the parsed bodies, the status. Given to `onExchange` hooks only.

import type { IncomingHttpHeaders } from 'node:http';
import { REDACTED } from './request-log.js';

export interface Exchange {
  method: string;
  /** Path relative to the API root, without the query. */
  path: string;
  /** The query string as sent (`?limit=10`), or ''. */
  query: string;
  /** Request headers, names lower-case; `authorization` keeps its scheme only (`Bearer [REDACTED]`). */
  requestHeaders: Record<string, string>;
  /** The parsed JSON body; undefined when there was none or it was never read (a fault answered first). */
  requestBody: unknown;
  status: number;
  responseHeaders: Record<string, string>;
  /** The JSON body sent, with credential values the service returns (a new key) redacted. */
  responseBody: unknown;
  /** The fault that shaped the answer, if any. */
  fault?: string;
}

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** Header values as strings, credentials replaced: the scheme of an Authorization stays, so it can be checked. */
export function redactedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (!CREDENTIAL_HEADERS.has(name)) out[name] = text;
    else
      out[name] =
        name === 'cookie' ? REDACTED : text.replace(/^(\S+\s+)?.*$/s, (_m, scheme: string | undefined) => `${scheme ?? ''}${REDACTED}`);
  }
  return out;
}

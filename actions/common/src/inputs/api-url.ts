// The platform API base URL: https, or plain http only on loopback (the emulator), by the client's
// own rule (DESIGN.md, @keyturn/api "Security"). Checked here so the error names the input.

import { DEFAULT_BASE_URL, isLoopbackHost } from '@keyturn/api';
import { InputError } from './input-error.js';
import { looksLikeCredential, rejectedValue } from './rejected-value.js';

/** Returns the URL without a trailing slash. */
export function parseApiUrl(name: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(name, `is ${rejectedValue(text)}, not a URL: write e.g. ${DEFAULT_BASE_URL}`);
  }
  if (url.username || url.password) {
    throw new InputError(name, 'holds credentials; pass the key in api-key, never in the URL');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    const host = looksLikeCredential(url.hostname) ? 'a host that looks like a key or token' : url.hostname;
    throw new InputError(name, `uses http on ${host}; use https (plain http is accepted on loopback only)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InputError(name, `uses the scheme ${rejectedValue(url.protocol.slice(0, -1))}; use an https URL`);
  }
  if (url.search || url.hash) {
    throw new InputError(name, `has a query or a fragment; give the API base URL alone, e.g. ${DEFAULT_BASE_URL}`);
  }
  return url.href.replace(/\/+$/, '');
}

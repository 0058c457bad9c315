// The platform API base URL: https, or plain http only on loopback (the emulator), as the client
// itself enforces (DESIGN.md, @keyturn/api "Security"). Checked here so the error names the input.

import { InputError } from './input-error.js';
import { quote } from './list.js';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** Returns the URL without a trailing slash. */
export function parseApiUrl(name: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(name, `is ${quote(text)}, not a URL: write e.g. https://console.neon.tech/api/v2`);
  }
  if (url.username || url.password) {
    throw new InputError(name, 'holds credentials; pass the key in api-key, never in the URL');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new InputError(name, `uses http on ${url.hostname}; use https (plain http is accepted on loopback only)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InputError(name, `uses ${url.protocol}; use an https URL`);
  }
  if (url.search || url.hash) {
    throw new InputError(name, 'has a query or a fragment; give the API base URL alone, e.g. https://console.neon.tech/api/v2');
  }
  return url.href.replace(/\/+$/, '');
}

// Whether a listen address is reachable from this machine only. The control API has no auth and
// answers decrypted secrets, so the CLI listens elsewhere only when told to (--allow-remote).

import { isIPv4, isIPv6 } from 'node:net';

/** `localhost`, `127.0.0.0/8`, `::1` and IPv4-mapped loopback (`::ffff:127.0.0.1`); brackets allowed. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost') return true;
  if (isIPv4(bare)) return bare.startsWith('127.');
  if (!isIPv6(bare)) return false;
  let canonical: string;
  try {
    // The URL parser writes IPv6 in its shortest form: `0:0:0:0:0:0:0:1` -> `[::1]`,
    // `::ffff:127.0.0.1` -> `[::ffff:7f00:1]`.
    canonical = new URL(`http://[${bare}]/`).hostname;
  } catch {
    return false;
  }
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}

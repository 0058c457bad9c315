// Loaded into every Action process the suite starts (NODE_OPTIONS=--import), to see what cannot be
// seen from outside: its pid (to SIGKILL it mid-request), every request and connection it opens
// (Node's fetch publishes them on diagnostics channels), and its peak RSS at exit (VmHWM).
// It records header names only, never a value, so the probe file cannot leak a credential.
// https://nodejs.org/docs/latest-v20.x/api/diagnostics_channel.html#built-in-channels

import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync, readFileSync } from 'node:fs';

const file = process.env.KEYTURN_PROBE_FILE;
if (file) {
  const record = (entry) => appendFileSync(file, `${JSON.stringify(entry)}\n`);
  record({ event: 'start', pid: process.pid });

  subscribe('undici:request:create', ({ request }) => {
    const headers = Array.isArray(request.headers)
      ? request.headers.filter((_, index) => index % 2 === 0).map(String)
      : String(request.headers ?? '')
          .split('\r\n')
          .map((line) => line.split(':')[0])
          .filter(Boolean);
    record({
      event: 'request',
      origin: request.origin,
      method: request.method,
      path: request.path,
      headers: headers.map((name) => name.toLowerCase()),
    });
  });
  subscribe('net.client.socket', ({ socket }) => {
    socket.once('connect', () => record({ event: 'connect', address: socket.remoteAddress, port: socket.remotePort }));
  });

  process.on('exit', (code) => {
    const status = readFileSync('/proc/self/status', 'utf8');
    const peak = /^VmHWM:\s+(\d+) kB$/m.exec(status);
    record({ event: 'exit', code, peakRssKb: peak ? Number(peak[1]) : null });
  });
}

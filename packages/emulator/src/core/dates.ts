// The two dates every answer carries: the request log's ISO time and the `date` header. Requests
// come many to the same second (and often the same millisecond), so the last of each is kept.

let lastIsoMs = Number.NaN;
let lastIso = '';
let lastHttpSecond = Number.NaN;
let lastHttp = '';

/** `new Date(ms).toISOString()`. */
export function isoTime(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

/** `new Date(ms).toUTCString()`: the HTTP date, to the second. */
export function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastHttpSecond) {
    lastHttp = new Date(ms).toUTCString();
    lastHttpSecond = second;
  }
  return lastHttp;
}

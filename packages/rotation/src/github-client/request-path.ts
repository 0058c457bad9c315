// The path of a request's URL, read without the URL parser when it is plain: every GitHub request
// asks it twice (is it a write, and the event's path), and `new URL` costs more than the rest of that.

/** An absolute http(s) URL whose path needs no normalising: no dot, backslash or character the URL parser would encode. */
const PLAIN_URL = /^https?:\/\/[^/?#\\]*(\/[A-Za-z0-9\-_~!$&'()*+,;=:@%/]*)(?:[?#]|$)/;

/** `new URL(url, base).pathname`, without parsing `url` when it is an absolute URL with a plain path (most requests' URL is). */
export function pathnameOf(url: string, base?: string): string {
  const path = PLAIN_URL.exec(url)?.[1];
  // An encoded dot is a dot segment to the parser.
  return path === undefined || /%2e/i.test(path) ? new URL(url, base).pathname : path;
}

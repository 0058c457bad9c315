// Where plain http is accepted for baseUrl: the key never crosses a network in clear text.
// Exported through the toolkit: the rotation's GitLab client applies the same rule to its apiUrl.

/**
 * 127.0.0.0/8, ::1 and `localhost`: the hosts where plain http is accepted. Takes a URL's
 * `hostname`, so IPv6 may come bracketed (`[::1]`); case does not matter.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  const octets = host.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255);
}

// Preloaded into an Action process (NODE_OPTIONS=--import) for the NO_PROXY case only: the names in
// KEYTURN_TEST_HOSTS resolve to 127.0.0.1, as an /etc/hosts entry would make them, so a request the
// Action sends directly can arrive. Without it, only the proxy resolves those names.
import dns from 'node:dns';

const names = new Set((process.env.KEYTURN_TEST_HOSTS ?? '').split(',').filter(Boolean));
const lookup = dns.lookup;
dns.lookup = (hostname, options, callback) => {
  if (!names.has(hostname)) return lookup(hostname, options, callback);
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options?.all;
  process.nextTick(() => (all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
};

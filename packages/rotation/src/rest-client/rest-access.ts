// The checks of a service's access, building nothing: an OptionError naming the option, before any
// request, the value never quoted. A token travels in a header: printable ASCII, and never a
// platform key pasted in its place; a REST API root is https, or http on a loopback host.

import { OptionError } from '@keyturn/api';
import { githubTokenProblem, isLoopbackHost } from '@keyturn/api/toolkit';

/** How a service's errors name it (`GitLab`: the option `gitlab`), the token it needs, and its API with an example root. */
export type RestAccessWords = Record<'service' | 'token' | 'api' | 'example', string>;

/** The token option `option` (`token`, `gitlab.token`) of a service's client. */
export function checkServiceToken(option: string, token: unknown, words: Pick<RestAccessWords, 'service' | 'token'>) {
  const refused = (said: string) => new OptionError(option, `${option} ${said}`);
  if (typeof token !== 'string' || !token) throw refused(`is required: ${words.token}`);
  if (!/^[\x21-\x7E]+$/.test(token)) throw refused('contains spaces or non-ASCII characters; check that the secret holds the token alone');
  if (githubTokenProblem(token)) {
    const { service } = words;
    throw refused(`is shaped like a platform API key, not a ${service} token, so it was not sent to ${service}: pass ${words.token}`);
  }
}

/** A REST service's access option (`gitlab`, `vercel`): its token, then its API root when given. */
export function checkRestAccess(access: unknown, words: RestAccessWords): void {
  const option = words.service.toLowerCase();
  if (typeof access !== 'object' || access === null) throw new OptionError(option, `${option} must be an object: { token, apiUrl? }`);
  const { token, apiUrl } = access as { token?: unknown; apiUrl?: unknown };
  checkServiceToken(`${option}.token`, token, words);
  if (apiUrl === undefined) return;
  const refused = (said: string) => new OptionError(`${option}.apiUrl`, `${option}.apiUrl ${said}`);
  const notAnApi = () => refused(`must be the absolute https URL of ${words.api}, e.g. ${words.example}`);
  if (typeof apiUrl !== 'string' || !URL.canParse(apiUrl)) throw notAnApi();
  const url = new URL(apiUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw refused(`must use https: for ${url.host} (a key travels in it); plain http: is allowed only for loopback hosts`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) throw notAnApi();
}

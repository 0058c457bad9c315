// The checks of a REST service's access option (`gitlab`, `vercel`), building nothing: an
// OptionError naming the option, before any request. The token travels in a header: printable
// ASCII, and never a platform key pasted in its place; the API root is https, or http on loopback.

import { OptionError } from '@keyturn/api';
import { githubTokenProblem, isLoopbackHost } from '@keyturn/api/toolkit';

/** How a service's access option is named and described in its errors. */
export interface RestAccessWords {
  /** The option (`gitlab`), and the service's name (`GitLab`). */
  option: string;
  service: string;
  /** The token it needs: "a GitLab access token with the `api` scope". */
  token: string;
  /** Its API, and the root to give as an example: "the GitLab API", "https://gitlab.com/api/v4 (…)". */
  api: string;
  example: string;
}

/** The option is an object whose token a header can carry and that is not a platform key. */
export function checkAccessToken(access: unknown, words: RestAccessWords): asserts access is { token: string } {
  const { option, service, token: needed } = words;
  if (typeof access !== 'object' || access === null) throw new OptionError(option, `${option} must be an object: { token, apiUrl? }`);
  const { token } = access as { token?: unknown };
  if (typeof token !== 'string' || !token) throw new OptionError(`${option}.token`, `${option}.token is required: ${needed}`);
  if (!/^[\x21-\x7E]+$/.test(token)) {
    const said = `${option}.token contains spaces or non-ASCII characters; check that the secret holds the token alone`;
    throw new OptionError(`${option}.token`, said);
  }
  if (githubTokenProblem(token)) {
    const said = `${option}.token is shaped like a platform API key, not a ${service} token, so it was not sent to ${service}`;
    throw new OptionError(`${option}.token`, `${said}: pass ${needed}`);
  }
}

/** The API root, when given: an absolute https URL (http on a loopback host), without query or fragment. */
export function checkApiUrl(apiUrl: unknown, words: RestAccessWords): void {
  if (apiUrl === undefined) return;
  const option = `${words.option}.apiUrl`;
  // Made only when thrown: an error captures a stack trace, which every valid call would pay for.
  const refused = () => new OptionError(option, `${option} must be the absolute https URL of ${words.api}, e.g. ${words.example}`);
  if (typeof apiUrl !== 'string' || !URL.canParse(apiUrl)) throw refused();
  const url = new URL(apiUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    const said = `${option} must use https: for ${url.host} (a key travels in it); plain http: is allowed only for loopback hosts`;
    throw new OptionError(option, said);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) throw refused();
}

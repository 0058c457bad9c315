// An Octokit auth strategy for a token minted later: the owner's client exists from the options on
// (targets are built from it), its token from the preflight on. `octokit.auth()` answers the token
// as token auth does, so a target's errors scrub it (targets/kinds/github/github-secret-target.ts).
// https://github.com/octokit/authentication-strategies.js

interface EndpointRequest {
  endpoint: { merge(route: unknown, parameters?: unknown): { headers: Record<string, string> } };
  (options: unknown): Promise<unknown>;
}

export interface LaterTokenOptions {
  /** The token, once minted; throws before. */
  token: () => string;
}

export function laterTokenAuth({ token }: LaterTokenOptions) {
  const auth = async () => ({ type: 'token', tokenType: 'installation', token: token() });
  const hook = async (request: EndpointRequest, route: unknown, parameters?: unknown) => {
    const endpoint = request.endpoint.merge(route, parameters);
    endpoint.headers.authorization = `token ${token()}`;
    return request(endpoint);
  };
  return Object.assign(auth, { hook });
}

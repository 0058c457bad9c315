// The rotation fault matrix: every way a request can go wrong, each armed on one request of a
// rotation, and the outcome the rotation protocol promises for it (packages/rotation/README.md). A rule, not a list of observed results:
// transient faults are survived, except an ambiguous create, which the rotation must never retry
// blindly; permanent faults and client errors fail the run, except the two the protocol tolerates.

import { type FaultEffect, type FaultSpec, primaryRateLimitFault, secondaryRateLimitFault } from '@keyturn/emulator';
import type { Service } from './simulation.js';
import { HOME } from './world.js';

/** The rotation protocol's steps (packages/rotation/README.md); a request belongs to the step it serves. */
export type Step = 'preflight' | 'create' | 'verify' | 'store' | 'revoke';

/** What the outcome rule needs to know of a request of a rotation. */
export interface TracedRequest {
  service: Service;
  method: string;
  /** Relative to the service's API root, no query. */
  path: string;
  step: Step;
  /** Made with the managing key (a project key's listing, creation or revocation), not the run's own key. */
  byManagingKey: boolean;
}

export interface FaultKind {
  name: string;
  /** The fault, armed on the chosen request (and, `always`, on every later one of that method and path). */
  effect(service: Service): FaultEffect & Pick<FaultSpec, 'times'>;
  class: 'transient' | 'permanent' | 'client-error';
  /** The request may have taken effect, and the client cannot tell (no answer, or a 5xx other than 503). */
  ambiguous?: boolean;
  status?: number;
}

const status =
  (code: number, times: FaultSpec['times'] = 1) =>
  () => ({ kind: 'status' as const, status: code, times });

export const FAULT_KINDS: FaultKind[] = [
  { name: '500 once', effect: status(500), class: 'transient', ambiguous: true },
  { name: '503 once', effect: status(503), class: 'transient' },
  { name: '502 for good', effect: status(502, 'always'), class: 'permanent' },
  {
    name: 'rate limited once (429 + Retry-After: 1; GitHub: primary limit, reset in 1 s)',
    effect: (service) =>
      service !== 'github'
        ? { kind: 'status', status: 429, retryAfter: 1 }
        : (primaryRateLimitFault({ status: 429, resetInSeconds: 1 }) as FaultEffect),
    class: 'transient',
  },
  {
    name: 'rate limited once (429 without Retry-After; GitHub: secondary limit, Retry-After: 1)',
    effect: (service) =>
      service !== 'github' ? { kind: 'status', status: 429 } : (secondaryRateLimitFault({ retryAfter: 1 }) as FaultEffect),
    class: 'transient',
  },
  { name: 'connection dropped once', effect: () => ({ kind: 'drop' }), class: 'transient', ambiguous: true },
  { name: 'reply lost after effect once', effect: () => ({ kind: 'reply-lost' }), class: 'transient', ambiguous: true },
  { name: '401 once', effect: status(401), class: 'client-error', status: 401 },
  { name: '403 once', effect: status(403), class: 'client-error', status: 403 },
  { name: '404 once', effect: status(404), class: 'client-error', status: 404 },
  { name: '422 once', effect: status(422), class: 'client-error', status: 422 },
];

/** What the rotation protocol's and the retry rules (packages/rotation/README.md) promise for `kind` on `request`. */
/** GitHub's read of an organization or user secret (not its public key). */
function isAccessRead(request: TracedRequest): boolean {
  return (
    request.service === 'github' &&
    /^\/(?:orgs\/[^/]+\/(?:actions|codespaces)|user\/codespaces)\/secrets\/(?!public-key$)[^/]+$/.test(request.path)
  );
}

/** Vercel's deployment requests: finding production's, redeploying it, reading the redeploy until it ends. */
export function isDeploymentRequest(request: Pick<TracedRequest, 'service' | 'path'>): boolean {
  return request.service === 'vercel' && /^\/v\d+\/deployments(?:\/|$)/.test(request.path);
}

export function expectedOutcome(request: TracedRequest, kind: FaultKind): 'recovers' | 'fails' | 'keeps-keys' {
  // Every target holds the new key once a deployment request is made: one failing for good leaves
  // the key the running deployment uses valid, says so, and the run ends (README, Vercel projects).
  if (isDeploymentRequest(request) && kind.class !== 'transient') return 'keeps-keys';
  // Narrowing the target record once every target holds the new key: a failure leaves it naming
  // more keys than the targets hold, never fewer, so the run warns and goes on.
  if (request.step === 'revoke' && isRecordRequest(request)) return 'recovers';
  if (kind.class === 'permanent') return 'fails';
  if (kind.class === 'client-error') {
    // Revoking a key that is gone already is done (a 404 says so).
    if (request.service === 'platform' && request.method === 'DELETE' && kind.status === 404) return 'recovers';
    // A new key may be refused for a moment: verification tries again. A refused managing key is no
    // new key's: it is not waited for.
    if (request.step === 'verify' && kind.status === 401 && !request.byManagingKey) return 'recovers';
    // A secret with an access of its own (an organization's, a user's Codespaces secret) is read for
    // the access to keep and give back: a 404 says there is none yet, and the run goes on.
    if (request.step === 'preflight' && request.method === 'GET' && kind.status === 404 && isAccessRead(request)) return 'recovers';
    return 'fails';
  }
  // "If the create response is lost, list keys, and revoke any key of that exact name... Never
  // retry a create blindly." POST is retried only on 423, 429 and 503.
  if (request.step === 'create' && kind.ambiguous) return 'fails';
  return 'recovers';
}

/** A request to the store of the target record: the home repository's variables, or the home GitLab project's. */
export function isRecordRequest(request: Pick<TracedRequest, 'service' | 'path'>): boolean {
  if (request.service === 'github') return request.path.includes('/actions/variables');
  return request.service === 'gitlab' && request.path.startsWith(`/projects/${encodeURIComponent(HOME)}/variables`);
}

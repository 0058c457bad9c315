// The faults a random history draws: every kind the emulators have (status answers, rate limits
// of both services, a dropped connection, a reply lost after effect, with or without a status, no
// answer before or after effect, a slow answer within and past the clients' timeout), once or for
// good, on a request of either service picked by method, path and rank.

import type { FaultEffect, FaultSpec } from '@keyturn/emulator';
import { primaryRateLimitFault, secondaryRateLimitFault } from '@keyturn/emulator';
import { FAULT_KINDS } from './fault-kinds.js';
import type { Rng } from './prng.js';
import type { ArmedFault, Service } from './simulation.js';
import { HOME } from './world.js';

type Effect = FaultEffect & Pick<FaultSpec, 'times'>;

/** Kinds beyond the fault matrix's: where the run cannot tell whether a request took effect, and how long it waits. */
const EXTRA_KINDS: Array<{ name: string; effect: (service: Service) => Effect }> = [
  { name: 'no answer before effect', effect: () => ({ kind: 'hang' }) },
  { name: 'no answer after effect', effect: () => ({ kind: 'hang', afterEffect: true }) },
  { name: 'reply lost, 200 answered', effect: () => ({ kind: 'reply-lost', status: 200 }) },
  { name: 'reply lost, 500 answered', effect: () => ({ kind: 'reply-lost', status: 500 }) },
  { name: 'slow answer (5 s)', effect: () => ({ kind: 'delay', ms: 5000 }) },
  { name: 'slow answer past the timeout (45 s)', effect: () => ({ kind: 'delay', ms: 45_000 }) },
  { name: '500 for good', effect: () => ({ kind: 'status', status: 500, times: 'always' }) },
  { name: 'dropped for good', effect: () => ({ kind: 'drop', times: 'always' }) },
  { name: 'reply lost for good', effect: () => ({ kind: 'reply-lost', times: 'always' }) },
  {
    name: '429 for good',
    effect: (s) =>
      (s === 'github'
        ? secondaryRateLimitFault({ status: 429, retryAfter: 1, times: 'always' })
        : { kind: 'status', status: 429, retryAfter: 1, times: 'always' }) as Effect,
  },
  {
    name: 'primary rate limit, reset in 30 s',
    effect: (s) =>
      (s === 'github' ? primaryRateLimitFault({ resetInSeconds: 30 }) : { kind: 'status', status: 429, retryAfter: 30 }) as Effect,
  },
];

export const ALL_FAULT_KINDS: Array<{ name: string; effect: (service: Service) => Effect }> = [
  ...FAULT_KINDS.map((k) => ({ name: k.name, effect: k.effect })),
  ...EXTRA_KINDS,
];

/** Requests a fault can land on: every step of either service, the record and the App's token too. */
const REQUESTS: Array<{ service: Service; method: string; path: string; ranks: number }> = [
  { service: 'platform', method: 'GET', path: '/**', ranks: 5 },
  { service: 'platform', method: 'POST', path: '/**', ranks: 1 },
  { service: 'platform', method: 'DELETE', path: '/**', ranks: 3 },
  { service: 'github', method: 'GET', path: '/repos/*/*/**', ranks: 4 },
  { service: 'github', method: 'PUT', path: '/repos/*/*/**', ranks: 4 },
  { service: 'github', method: 'GET', path: `/repos/${HOME}/actions/variables`, ranks: 2 },
  { service: 'github', method: 'POST', path: `/repos/${HOME}/actions/variables`, ranks: 1 },
  { service: 'github', method: 'PATCH', path: `/repos/${HOME}/actions/variables/*`, ranks: 3 },
  { service: 'github', method: 'DELETE', path: `/repos/${HOME}/actions/variables/*`, ranks: 1 },
  { service: 'github', method: 'GET', path: '/**', ranks: 3 },
  { service: 'github', method: 'POST', path: '/app/installations/*/access_tokens', ranks: 1 },
  { service: 'github', method: 'DELETE', path: '/installation/token', ranks: 1 },
];

/**
 * The requests of every target kind and of the record in GitLab (issue 36): organization and user
 * secrets (their selected repositories too), Codespaces' reads, and GitLab's variables, targets' and record's.
 */
const WIDE_REQUESTS: typeof REQUESTS = [
  ...REQUESTS,
  { service: 'github', method: 'GET', path: '/orgs/*/**', ranks: 3 },
  { service: 'github', method: 'PUT', path: '/orgs/*/**', ranks: 3 },
  { service: 'github', method: 'GET', path: '/user/**', ranks: 2 },
  { service: 'github', method: 'PUT', path: '/user/**', ranks: 2 },
  { service: 'gitlab', method: 'GET', path: '/**', ranks: 4 },
  { service: 'gitlab', method: 'PUT', path: '/**', ranks: 3 },
  { service: 'gitlab', method: 'POST', path: '/**', ranks: 2 },
  { service: 'gitlab', method: 'DELETE', path: '/**', ranks: 2 },
];

/**
 * And Vercel's (issue 34, the timed model): the project and its variables read, a variable written
 * (or landing late), the redeploy, and the reads of its state until it ends.
 */
const TIMED_REQUESTS: typeof REQUESTS = [
  ...WIDE_REQUESTS,
  { service: 'vercel', method: 'GET', path: '/v9/projects/**', ranks: 3 },
  { service: 'vercel', method: 'POST', path: '/v10/projects/*/env', ranks: 2 },
  { service: 'vercel', method: 'GET', path: '/v6/deployments', ranks: 1 },
  { service: 'vercel', method: 'POST', path: '/v13/deployments', ranks: 1 },
  { service: 'vercel', method: 'GET', path: '/v13/deployments/*', ranks: 6 },
];

/** The requests a history's faults land on: the model before issue 36, every kind's (`wide`), or with Vercel's too (`timed`). */
export type FaultReach = 'narrow' | 'wide' | 'timed';
const REACHES: Record<FaultReach, typeof REQUESTS> = { narrow: REQUESTS, wide: WIDE_REQUESTS, timed: TIMED_REQUESTS };
const reachOf = (wide: boolean | FaultReach): typeof REQUESTS => REACHES[wide === true ? 'wide' : wide === false ? 'narrow' : wide];

/** A fault on a request of a run; `wide`: of every kind's and both records' requests (history.ts, edits.wide); `timed`: Vercel's too. */
export function randomFault(rng: Rng, wide: boolean | FaultReach = false): ArmedFault {
  const request = rng.pick(reachOf(wide));
  const kind = rng.pick(ALL_FAULT_KINDS);
  return {
    service: request.service,
    method: request.method,
    path: request.path,
    nth: 1 + rng.int(request.ranks),
    effect: kind.effect(request.service),
    name: kind.name,
  };
}

/**
 * A later target's secret write refused once (403 or 422, as a repository whose permissions or
 * settings differ): the run rolls back, writing the key it started with to the targets it wrote.
 */
export function laterWriteRefused(rng: Rng, writes: number, wide = false): ArmedFault {
  const kind = rng.pick(FAULT_KINDS.filter((k) => k.status === 403 || k.status === 422));
  // Wide: any GitHub secret write (an organization's or a user's too), or a GitLab variable's update.
  const [service, path]: [Service, string] = wide
    ? rng.pick([
        ['github', '/**'],
        ['gitlab', '/*/*/variables/*'],
      ] as const)
    : ['github', '/repos/*/*/**'];
  const nth = 2 + rng.int(Math.max(1, writes - 1));
  return { service, method: 'PUT', path, nth, effect: kind.effect(service), name: `secret write refused: ${kind.name}` };
}

/**
 * A secret or record write that lands late: answered only after 45 s, past the clients' timeout,
 * so the run has given up on it (and retried, or moved on) when it takes effect.
 */
export function lateWrite(rng: Rng, wide: boolean | FaultReach = false): ArmedFault {
  const requests = reachOf(wide);
  const request = rng.pick(
    requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH' || (r.method === 'POST' && r.path.endsWith('/variables'))),
  );
  return {
    service: request.service,
    method: request.method,
    path: request.path,
    nth: 1 + rng.int(request.ranks),
    effect: { kind: 'delay', ms: 45_000 } as Effect,
    name: 'a write landing late (45 s)',
  };
}

// The requests a rotation makes, in order, as the probe saw them from inside a clean run, each named
// by its service, method, path and rank among requests of that method and path: enough to arm a
// fault on exactly that request of a later run of the same rig, and to see it hang there.

import type { FaultEffect, FaultSpec } from '@keyturn/emulator';
import { expect } from 'vitest';
import type { ProbedRun } from './action-process.js';
import type { RotationRig } from './rotation-rig.js';

export type Service = 'platform' | 'github';
/** DESIGN.md's rotation steps; a request belongs to the step it serves. */
export type Step = 'preflight' | 'create' | 'verify' | 'store' | 'revoke';

export interface TracedRequest {
  service: Service;
  method: string;
  /** Relative to the service's API root (`/api_keys`, `/repos/acme/web/actions/secrets/NEON_API_KEY`), no query. */
  path: string;
  /** 1 for the first request of this service, method and path, 2 for the second... */
  nth: number;
  step: Step;
  /** Made with the managing key (a managed rig's key listing, creation or revocation), not the run's own key. */
  byManagingKey: boolean;
  /** `#5 verify: GET /api_keys (2nd)` */
  label: string;
}

export function traceRotation(run: ProbedRun, rig: Pick<RotationRig, 'platform' | 'github' | 'managed'>): TracedRequest[] {
  const seen = new Map<string, number>();
  const requests = run.probe.requests.map((request) => {
    const service: Service = request.origin === rig.platform.origin ? 'platform' : 'github';
    const apiRoot = service === 'platform' ? new URL(rig.platform.url).pathname : '';
    const path = request.path.replace(/\?.*$/, '').slice(apiRoot.length);
    const key = `${service} ${request.method} ${path}`;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    // With a managing key, the organization's key routes are its requests; the rest are the run's key's.
    const byManagingKey = rig.managed && service === 'platform' && /^\/organizations\/[^/]+\/api_keys/.test(path);
    return { service, method: request.method, path, nth, byManagingKey };
  });
  const create = requests.findIndex((r) => r.service === 'platform' && r.method === 'POST');
  const lastWrite = requests.findLastIndex((r) => r.method === 'PUT');
  // Verifying is the platform requests between the create and the store step's first GitHub request
  // (one listing; with a managing key, the new key's own request and the managing key's listing).
  const stored = requests.findIndex((r, index) => index > create && r.service === 'github');
  return requests.map((request, index) => {
    let step: Step;
    if (index < create) step = 'preflight';
    else if (index === create) step = 'create';
    else if (index > lastWrite) step = 'revoke';
    else if (index < stored && request.service === 'platform') step = 'verify';
    else step = 'store';
    const rank = request.nth === 1 ? '' : ` (${ordinal(request.nth)})`;
    return { ...request, step, label: `#${index + 1} ${step}: ${request.method} ${request.path}${rank}` };
  });
}

/**
 * Arms `effect` (once unless it says `times`) on the nth request of that method and path: the n-1
 * before it pass through a zero-delay fault (consumed, harmless), as the fault book takes the first
 * armed match.
 */
export function armFault(
  rig: Pick<RotationRig, 'platform' | 'github'>,
  request: Pick<TracedRequest, 'service' | 'method' | 'path' | 'nth'>,
  effect: FaultEffect & Pick<FaultSpec, 'times'>,
): void {
  const emulator = request.service === 'platform' ? rig.platform : rig.github;
  const match = { method: request.method, path: request.path };
  if (request.nth > 1) emulator.faults.add({ ...match, kind: 'delay', ms: 0, times: request.nth - 1 });
  emulator.faults.add({ times: 1, ...effect, ...match } as FaultSpec);
}

/** Resolves once the emulator's request log shows a request left hanging by a `hang` fault. */
export async function untilHanging(log: { entries(): Array<{ fault?: string }> }, running: Promise<unknown>): Promise<void> {
  let ended = false;
  const end = () => {
    ended = true;
  };
  running.then(end, end);
  while (!log.entries().some((entry) => entry.fault === 'hang')) {
    expect(ended, 'the run ended before reaching the hanging request').toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function ordinal(n: number): string {
  return `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
}

/** Which request of a recorded rotation a sampled case arms: the `index`th (1-based, default 1) that fits. */
export interface RequestChoice {
  step: Step;
  service: Service;
  method?: string;
  /** The path (relative to the service's API root) matches. */
  path?: RegExp;
  index?: number;
}

/** The request `choice` names; throws, naming it, when the rotation made no such request. */
export function chooseRequest(requests: readonly TracedRequest[], choice: RequestChoice): TracedRequest {
  const fits = requests.filter(
    (r) =>
      r.step === choice.step &&
      r.service === choice.service &&
      (choice.method === undefined || r.method === choice.method) &&
      (choice.path === undefined || choice.path.test(r.path)),
  );
  const chosen = fits[(choice.index ?? 1) - 1];
  if (!chosen)
    throw new Error(`the recorded rotation made no request ${describeChoice(choice)}:\n${requests.map((r) => r.label).join('\n')}`);
  return chosen;
}

function describeChoice(choice: RequestChoice): string {
  const rank = choice.index && choice.index > 1 ? `${ordinal(choice.index)} ` : '';
  return `${choice.step}: ${rank}${choice.service} ${choice.method ?? 'request'}${choice.path ? ` ${choice.path.source}` : ''}`;
}

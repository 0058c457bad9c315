// When the world may have changed, one version per emulator: a number that moves whenever what its stores
// hold may have (secret and variable values, which keys work), so a reader (the instant invariants, after
// every answer) can reuse what it read while the number stands. Those change only (1) while the emulator
// carries out a request other than GET or HEAD, from the call of its handler until the answer settles (a GET
// at most marks a key used), and (2) when the simulator calls a state-API method that is not a plain read
// (the user's edits, seeded secrets, a deploy). Both go through the watched world below, so nothing else
// changes them; what moves with the clock alone (which Vercel deployment serves) is not covered: readers
// read it again each time.

import type { World } from './world.js';

/** State-API methods that only read: calling them moves nothing. Any other method counts as a change. */
const READS = new Set([
  'secretValue',
  'secret',
  'variable',
  'variables',
  'envs',
  'servedValue',
  'deployments',
  'isKeyValid',
  'keyIdOf',
  'listKeys',
  'secretScanningAlerts',
  'installationTokens',
  'installations',
  'issues',
]);
/** The world's own methods that read (or remember a value in the simulator only). */
const WORLD_READS = new Set(['held', 'served', 'kindOfValue', 'learnValue']);

/** The emulators of a world, each with a version of its own. */
export type VersionedService = 'platform' | 'github' | 'gitlab' | 'vercel';
const SERVICES: readonly VersionedService[] = ['platform', 'github', 'gitlab', 'vercel'];

export class WorldVersion {
  readonly #changes: Record<VersionedService, number> = { platform: 0, github: 0, gitlab: 0, vercel: 0 };
  readonly #writing: Record<VersionedService, number> = { platform: 0, github: 0, gitlab: 0, vercel: 0 };

  /** The version of one emulator's stores, or undefined while a write to it is being carried out (they may change at any moment). */
  of(service: VersionedService): number | undefined {
    return this.#writing[service] ? undefined : this.#changes[service];
  }

  /** A change to `service`'s stores, or to every emulator's (a method of the world's own). */
  changed(service?: VersionedService): void {
    for (const s of service ? [service] : SERVICES) this.#changes[s]++;
  }

  /** A request that may write to `service` is under way until `settled` settles. */
  writing(service: VersionedService | undefined, settled: Promise<unknown>): void {
    const services = service ? [service] : SERVICES;
    for (const s of services) {
      this.#writing[s]++;
      this.#changes[s]++;
    }
    // A reaction of its own, not a link in the caller's chain: the caller's promise settles at the same tick as before.
    const done = () => {
      for (const s of services) {
        this.#writing[s]--;
        this.#changes[s]++;
      }
    };
    settled.then(done, done);
  }
}

/**
 * `world` with every change counted in `version`, by emulator (a method of the world's own counts
 * for all): its emulators' handlers (a request other than GET or HEAD) and state-API methods other
 * than READS, and the world's own methods other than WORLD_READS
 * (consoleKey makes a key through the emulator the world holds unwatched).
 */
export function watchWorld(world: World, version: WorldVersion): World {
  const emulators = new Map<string | symbol, unknown>();
  const worldMethods = new Map<string | symbol, unknown>();
  return new Proxy(world, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof prop === 'string' && (SERVICES as readonly string[]).includes(prop)) {
        const cached = emulators.get(prop) as { raw: unknown; watched: unknown } | undefined;
        if (cached && cached.raw === value) return cached.watched;
        const watched = watchEmulator(value as object, prop as VersionedService, version);
        emulators.set(prop, { raw: value, watched });
        return watched;
      }
      if (typeof value !== 'function' || (typeof prop === 'string' && WORLD_READS.has(prop))) return value;
      return methodOf(worldMethods, prop, value as (...args: unknown[]) => unknown, target, version);
    },
  });
}

function watchEmulator<T extends object>(emulator: T, service: VersionedService, version: WorldVersion): T {
  const methods = new Map<string | symbol, unknown>();
  return new Proxy(emulator, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function' || (typeof prop === 'string' && READS.has(prop))) return value;
      if (prop === 'handler') {
        const handler = value as (input: unknown, init?: RequestInit) => Promise<Response>;
        const cached = methods.get(prop) as { raw: unknown; watched: unknown } | undefined;
        if (cached && cached.raw === value) return cached.watched;
        const watched = (input: unknown, init?: RequestInit) => {
          const answered = handler.call(target, input, init);
          if (!isRead(input, init)) version.writing(service, answered);
          return answered;
        };
        methods.set(prop, { raw: value, watched });
        return watched;
      }
      return methodOf(methods, prop, value as (...args: unknown[]) => unknown, target, version, service);
    },
  });
}

/** The method bound to its object, counting a change at each call; made once per method. */
function methodOf(
  cache: Map<string | symbol, unknown>,
  prop: string | symbol,
  method: (...args: unknown[]) => unknown,
  self: object,
  version: WorldVersion,
  service?: VersionedService,
): unknown {
  const cached = cache.get(prop) as { raw: unknown; watched: unknown } | undefined;
  if (cached && cached.raw === method) return cached.watched;
  const watched = (...args: unknown[]) => {
    version.changed(service);
    const result = method.apply(self, args);
    // An async method may change the stores until it settles.
    if (result instanceof Promise) version.writing(service, result);
    return result;
  };
  cache.set(prop, { raw: method, watched });
  return watched;
}

/** A GET or HEAD (whatever form `fetch`'s arguments take); anything unknown counts as a write. */
function isRead(input: unknown, init: RequestInit | undefined): boolean {
  const method = init?.method ?? (typeof input === 'object' && input !== null && 'method' in input ? input.method : 'GET');
  return typeof method === 'string' && ['GET', 'HEAD'].includes(method.toUpperCase());
}

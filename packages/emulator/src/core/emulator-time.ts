// The clock and sleep an emulator runs on: the wall clock and real timers by default, a virtual
// clock in the simulator (packages/simulator), where every wait costs no wall time. Structurally a
// subset of @keyturn/api's Runtime, so the simulator passes the one Runtime it gives the clients.

export interface EmulatorTime {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects (any error) as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemTime: EmulatorTime = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** `time`, with `clock` (the older option) overriding its `now`. */
export function resolveTime(time: EmulatorTime | undefined, clock: (() => number) | undefined): EmulatorTime {
  const base = time ?? systemTime;
  return clock ? { now: clock, sleep: (ms, signal) => base.sleep(ms, signal) } : base;
}

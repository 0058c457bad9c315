// TEMPORARY until @keyturn/api/toolkit's systemRuntime is merged: the wall clock and an abortable sleep.
import type { ProtocolClock } from './protocol/context.js';

export const systemClock: ProtocolClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

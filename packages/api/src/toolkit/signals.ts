// Combines the caller's signals (client-wide and per call) with a per-attempt timeout, and tells
// afterwards which of them fired, so an abort is never reported as a timeout or the reverse.
// The platform client's attempts and the rotation's GitHub requests both run on it.
import { KeyturnError } from '../errors.js';

/** A signal linked to several sources, and which of them fired. */
export interface LinkedSignal {
  signal: AbortSignal;
  /** True when one of the caller's signals aborted (not the timeout). */
  callerAborted(): boolean;
  /** True when the timeout fired first. */
  timedOut(): boolean;
  /** Clears the timer and the listeners; call when the attempt is over. */
  dispose(): void;
}

/** The abort reason of a deadline (a wait's timeout), so an aborted request can say so. */
export class DeadlinePassed extends KeyturnError {
  override name = 'DeadlinePassed';
}

/**
 * Links the signals (undefined ones are skipped) and, when `timeoutMs` is given, a timeout; the
 * linked signal carries the reason of the source that aborted first. Call `dispose()` when done.
 *
 * @example
 * const link = linkSignals([clientSignal, callSignal], 30_000);
 * try { await fetch(url, { signal: link.signal }) } finally { link.dispose() }
 */
export function linkSignals(signals: ReadonlyArray<AbortSignal | undefined>, timeoutMs?: number): LinkedSignal {
  const controller = new AbortController();
  const sources = signals.filter((s): s is AbortSignal => s !== undefined);
  let callerAborted = false;
  let timedOut = false;
  const abortWith = (reason: unknown) => {
    if (!timedOut) callerAborted = true;
    controller.abort(reason);
  };
  const onAbort = (event: Event) => abortWith((event.target as AbortSignal).reason);
  for (const source of sources) {
    if (source.aborted) abortWith(source.reason);
    else source.addEventListener('abort', onAbort, { once: true });
  }
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          if (!callerAborted) timedOut = true;
          controller.abort();
        }, timeoutMs);
  return {
    signal: controller.signal,
    callerAborted: () => callerAborted,
    timedOut: () => timedOut,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const source of sources) source.removeEventListener('abort', onAbort);
    },
  };
}

// A caller's hook (onRequest, onPoll, a logger) only observes: whatever it throws, or a promise it
// returns that rejects, must never change the outcome of what it observes (a created key must not
// look failed because a log line could not be written).

/** Calls `hook` with `event`, if there is a hook, and ignores anything it throws or rejects with. */
export function notifyHook<E>(hook: ((event: E) => unknown) | undefined, event: E): void {
  if (hook === undefined) return;
  try {
    const result = hook(event);
    if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
      (result as Promise<unknown>).then(undefined, () => undefined);
    }
  } catch {
    // Ignored on purpose, see above.
  }
}

// The caller's observing hooks (log lines, request events) must not change a run's outcome: a hook
// that throws is ignored, so a broken logger never stops a rotation half-way.

/** `hook` wrapped so that whatever it throws is ignored; no hook, nothing called. */
export function observer<T>(hook: ((value: T) => void) | undefined): (value: T) => void {
  return (value) => {
    try {
      hook?.(value);
    } catch {
      // The hook's failure is its own: the run goes on.
    }
  };
}

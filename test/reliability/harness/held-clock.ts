// A clock for the platform emulator that stands still until released, then runs at real speed:
// operations started on it stay pending, however slowly the Action starts, until its first request.

export interface HeldClock {
  now: () => number;
  /** From now on, time flows from where it stood. */
  release(): void;
}

export function heldClock(): HeldClock {
  const heldAt = Date.now();
  let releasedAt: number | undefined;
  return {
    now: () => (releasedAt === undefined ? heldAt : heldAt + (Date.now() - releasedAt)),
    release: () => {
      releasedAt ??= Date.now();
    },
  };
}

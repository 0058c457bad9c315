// A real fetch that a test can hold at a chosen request, or stop for good: two runs then interleave
// in the order the test sets (not the scheduler's), and a run can be "killed" between two requests.
// Every request that is let through goes over HTTP to the emulators unchanged.

export interface Gate {
  /** Resolves when the held request is reached (before it is sent, or once its answer came). */
  reached: Promise<void>;
  /** Lets the held request go on. */
  release(): void;
}

interface Hold {
  method: string;
  path: string;
  moment: 'request' | 'reply';
  reached: () => void;
  released: Promise<void>;
}

export class FetchGates {
  readonly #holds: Hold[] = [];
  #stopped = false;

  /**
   * Holds the next request `method` whose URL path ends with `path`: before it is sent
   * (`request`), or after its answer came back but before the caller sees it (`reply`).
   */
  hold(method: string, path: string, moment: Hold['moment'] = 'request'): Gate {
    let reached!: () => void;
    let release!: () => void;
    const gate = {
      reached: new Promise<void>((resolve) => {
        reached = resolve;
      }),
      release: () => release(),
    };
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#holds.push({ method, path, moment, reached, released });
    return gate;
  }

  /** From now on no request leaves and none is answered: the run stops where it is, as if killed. */
  stop(): void {
    this.#stopped = true;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    const hold = this.#take(method, path);
    if (hold?.moment === 'request') {
      hold.reached();
      await hold.released;
    }
    await this.#unlessStopped();
    const response = await fetch(input, init);
    if (hold?.moment === 'reply') {
      hold.reached();
      await hold.released;
    }
    await this.#unlessStopped();
    return response;
  };

  #take(method: string, path: string): Hold | undefined {
    const index = this.#holds.findIndex((h) => h.method === method && path.endsWith(h.path));
    return index < 0 ? undefined : this.#holds.splice(index, 1)[0];
  }

  /** A stopped run waits forever: no timer, no socket, nothing keeps the process alive. */
  #unlessStopped(): Promise<void> {
    return this.#stopped ? new Promise<void>(() => {}) : Promise.resolve();
  }
}

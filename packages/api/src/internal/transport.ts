// Runs a request to completion: attempts, retries with waits, `onRequest` events, and the body
// check. Resources and the waiter all go through here; the key lives only in its settings.
import { ApiError, ConnectionError, changesState, NotFoundError, ResponseShapeError } from '../errors.js';
import { runAttempts } from '../toolkit/attempts.js';
import { notifyHook } from '../toolkit/notify-hook.js';
import type { RequestEvent } from '../toolkit/request-event.js';
import { type Runtime, SleepAborted } from '../toolkit/runtime.js';
import { linkSignals } from '../toolkit/signals.js';
import { abortedError, type AttemptResult, type AttemptSpec, sendAttempt } from './attempt.js';
import { decideRetry } from './retry.js';
import type { ClientSettings } from './settings.js';
import { ShapeError } from './shape.js';

export interface RequestSpec<T> extends AttemptSpec {
  /** Checks and unwraps the JSON body; throws ShapeError when it is not what the API returns. */
  parse: (data: unknown) => T;
}

export interface CallOptions {
  /** Aborts this call (its attempts and the waits between them). */
  signal?: AbortSignal;
  /** Called at the start of every attempt, so callers can count the requests they spend. */
  onAttempt?: () => void;
}

export class Transport {
  readonly #settings: ClientSettings;

  constructor(settings: ClientSettings) {
    this.#settings = settings;
  }

  get baseUrl(): string {
    return this.#settings.base.href;
  }

  get runtime(): Runtime {
    return this.#settings.runtime;
  }

  /** The client-wide signal, for waits that are not requests. */
  get signal(): AbortSignal | undefined {
    return this.#settings.signal;
  }

  request<T>(spec: RequestSpec<T>, call: CallOptions = {}): Promise<T> {
    const { now, random } = this.#settings.runtime;
    const settings = this.#settings;
    const started = now();
    let attemptStarted = started;
    let unanswered = false;
    return runAttempts<AttemptResult, T>({
      send: () => {
        // Nothing is sent (or counted) once aborted, e.g. by a waiter's deadline between two requests.
        const aborted = [settings.signal, call.signal].find((signal) => signal?.aborted);
        if (aborted) throw abortedError(spec, aborted.reason);
        attemptStarted = now();
        call.onAttempt?.();
        return sendAttempt(settings, spec, call.signal, now);
      },
      answered: (result, attempts) => {
        const value = parseBody(spec, result.status, result.data);
        this.#emit({ ...eventBase(spec, attempts, now() - attemptStarted), status: result.status, outcome: 'ok' });
        return { done: value };
      },
      failed: (error, attempts) => {
        if (!(error instanceof ApiError)) return { fail: error };
        const base = { ...eventBase(spec, attempts, now() - attemptStarted), status: error.status };
        const decision = decideRetry({ error, attempts, elapsedMs: now() - started, policy: settings.retry, random });
        if (!decision.retry) {
          noteGaveUp(error, attempts, decision.why ?? earlierEffectNote(spec, error, unanswered), unanswered);
          this.#emit({ ...base, outcome: 'error', error: error.message });
          return { fail: error };
        }
        unanswered ||= error instanceof ConnectionError;
        this.#emit({ ...base, outcome: 'retry', error: error.message, retryInMs: decision.delayMs });
        return { retryInMs: decision.delayMs };
      },
      wait: (ms) => this.#pause(ms, spec, call.signal, unanswered),
    });
  }

  /** Sleeps between attempts; the caller's signal ends the sleep with RequestAbortedError. */
  async #pause(ms: number, at: { method: string; path: string }, callSignal: AbortSignal | undefined, unanswered: boolean): Promise<void> {
    const link = linkSignals([this.#settings.signal, callSignal]);
    try {
      await this.#settings.runtime.sleep(ms, link.signal);
    } catch (error) {
      // An earlier attempt that got no answer may have taken effect: the abort says so.
      if (error instanceof SleepAborted) throw abortedError(at, link.signal.reason, unanswered);
      throw error;
    } finally {
      link.dispose();
    }
  }

  /** The hook is the caller's logger: whatever it throws must never change a request's result. */
  #emit(event: RequestEvent): void {
    notifyHook(this.#settings.onRequest, event);
  }
}

/**
 * Adds why the client stopped retrying to an error it is about to throw. An earlier attempt that
 * got no answer may have taken effect even when the last one surely did not.
 */
function noteGaveUp(error: ApiError, attempts: number, why: string | undefined, unanswered: boolean): void {
  error.attempts = attempts;
  if (why) error.message = `${error.message} ${why}`;
  if (unanswered && changesState(error.method)) {
    (error as { mayHaveTakenEffect: boolean }).mayHaveTakenEffect = true;
  }
}

function eventBase(spec: AttemptSpec, attempt: number, durationMs: number) {
  return { method: spec.method, path: spec.path, attempt, durationMs };
}

/** A retried DELETE that ends in 404 may have been done by an attempt whose answer was lost. */
function earlierEffectNote(spec: AttemptSpec, error: ApiError, unanswered: boolean): string | undefined {
  if (!(unanswered && spec.method === 'DELETE' && error instanceof NotFoundError)) return undefined;
  return 'An earlier attempt got no answer and may have deleted it already.';
}

function parseBody<T>(spec: RequestSpec<T>, status: number, data: unknown): T {
  try {
    return spec.parse(data);
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    throw new ResponseShapeError(
      `${spec.method} ${spec.path} answered HTTP ${status} with an unexpected body (${error.message}). ` +
        'Check baseUrl: it should be the platform API root.',
      { method: spec.method, path: spec.path, status },
    );
  }
}

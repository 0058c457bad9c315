// What the emulators' control APIs (GitHub's and GitLab's, under /__emulator) read from a request:
// a field of the JSON body, a required text, and a state change whose bad-input TypeErrors are 400s.

import { type EmulatorRequest, HttpError } from './http-server.js';

/** A field of the request's JSON object body; undefined when absent or the body is no object. */
export function field(req: EmulatorRequest, name: string): unknown {
  const body = req.body;
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

/** `value` as a non-empty string, else a 400 saying `what` is required. */
export function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `${what} is required`);
  return value;
}

/**
 * Runs a state change: 400 for the TypeErrors it throws on bad input, 404 for the errors
 * `isUnknown` says name something that does not exist.
 */
export function attempt<T>(change: () => T, isUnknown: (error: unknown) => boolean = () => false): T {
  try {
    return change();
  } catch (error) {
    if (isUnknown(error)) throw new HttpError(404, (error as Error).message);
    if (error instanceof TypeError) throw new HttpError(400, error.message);
    throw error;
  }
}

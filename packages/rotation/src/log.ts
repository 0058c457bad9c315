// Structured progress lines for the caller (the Action folds them into log groups), and the rule
// that the caller's observing hooks never change a run: a hook that throws is ignored, so a broken
// logger never stops a rotation half-way. Never a key value.

import { notifyHook } from '@keyturn/api/toolkit';

/** The protocol step a log line, a failure or an error belongs to (README, "The protocol"). */
export type RotationStep = 'preflight' | 'create' | 'verify' | 'store' | 'revoke';

/** One progress line of a rotation. */
export interface RotationLogEntry {
  step: RotationStep;
  level: 'info' | 'warning' | 'error';
  message: string;
}

/** Receives every progress line of a rotation; what it throws is ignored. */
export type RotationLogger = (entry: RotationLogEntry) => void;

/** `hook` bound to notifyHook (@keyturn/api/toolkit): what it throws or rejects with is ignored. */
export function observer<T>(hook: ((value: T) => void) | undefined): (value: T) => void {
  return (value) => notifyHook(hook, value);
}

// Structured progress lines for the caller (the Action folds them into log groups). Never a key value.

export type RotationStep = 'preflight' | 'create' | 'verify' | 'store' | 'revoke';

export interface RotationLogEntry {
  step: RotationStep;
  level: 'info' | 'warning' | 'error';
  message: string;
}

export type RotationLogger = (entry: RotationLogEntry) => void;

// Moved to log.ts; kept until the protocol branch's imports are updated.
export type { RotationLogEntry, RotationLogger, RotationStep } from './log.js';

// Moved to log.ts; kept until the protocol branch's imports are updated.
export { observer } from './log.js';

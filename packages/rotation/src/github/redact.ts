// Moved to @keyturn/api/toolkit; kept until the protocol branch's imports are updated.
export { redactCredentials } from '@keyturn/api/toolkit';

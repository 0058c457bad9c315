// A record store's failure (RecordError: what happened and what to do) as the CLI's error.

import { RecordError } from '@keyturn/rotation/targets';
import { CliError } from './cli-error.js';

export function recordFailure(error: unknown): never {
  if (error instanceof RecordError) throw new CliError(`${error.message}. ${error.advice}`);
  throw error;
}

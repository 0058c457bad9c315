// The inputs of wait-for-operation, as action.yml declares them (names and defaults are public
// interface: DESIGN.md "The Actions"). All are checked before the first request.

import { DEFAULT_BASE_URL } from '@keyturn/api';
import {
  collectInputs,
  parseApiUrl,
  parseCredential,
  parseDuration,
  parseOperationIds,
  parseProjectId,
  readInput,
} from '@keyturn/action-common';

/** Defaults, the same as action.yml's (a test holds them equal). */
export const DEFAULTS = {
  'api-url': DEFAULT_BASE_URL,
  timeout: '600',
  interval: '5',
} as const;

export const SECRET_INPUTS = ['api-key'] as const;

export function readWaitInputs() {
  return collectInputs({
    apiKey: () =>
      readInput('api-key', parseCredential, { required: true, hint: `pass the key, e.g. api-key: \${{ secrets.NEON_API_KEY }}` }),
    apiUrl: () => readInput('api-url', parseApiUrl, { default: DEFAULTS['api-url'] }),
    projectId: () => readInput('project-id', parseProjectId, { required: true }),
    operationIds: () => readInput('operation-ids', parseOperationIds, { multiline: true }),
    timeoutMs: () => readInput('timeout', (name, text) => parseDuration(name, text), { default: DEFAULTS.timeout }),
    intervalMs: () =>
      readInput('interval', (name, text) => parseDuration(name, text, { minMs: 100, maxMs: 3_600_000 }), {
        default: DEFAULTS.interval,
      }),
  });
}

export type WaitInputs = ReturnType<typeof readWaitInputs>;

// The inputs of wait-for-operation, as action.yml declares them (names and defaults are public
// interface: action.yml and the README's Inputs). Text becomes values here (durations, lists); the values are
// checked by @keyturn/api (createClient, operations.wait), whose OptionError names the input.
// Everything is checked before the first request.

import { createClient, DEFAULT_BASE_URL } from '@keyturn/api';
import { collectInputs, logRequestEvent, readInput } from '@keyturn/action-common';
import { parseDuration, parseOperationIds, parseProjectId } from '@keyturn/api/values';
import { inInputTerms } from './option-inputs.js';

/** Defaults, the same as action.yml's (a test holds them equal). */
export const DEFAULTS = {
  'api-url': DEFAULT_BASE_URL,
  timeout: '600',
  interval: '5',
} as const;

export const SECRET_INPUTS = ['api-key'] as const;

const asText = (_name: string, text: string) => text;

export function readWaitInputs() {
  return collectInputs({
    client: () => {
      const texts = {
        'api-key': readInput('api-key', asText, { required: true, hint: `pass the key, e.g. api-key: \${{ secrets.NEON_API_KEY }}` }),
        'api-url': readInput('api-url', asText, { default: DEFAULTS['api-url'] }),
      };
      try {
        return createClient({
          apiKey: texts['api-key'],
          baseUrl: texts['api-url'],
          userAgent: 'keyturn-wait-for-operation',
          onRequest: logRequestEvent,
        });
      } catch (error) {
        throw inInputTerms(error, texts);
      }
    },
    projectId: () => readInput('project-id', parseProjectId, { required: true }),
    // Empty means every pending operation: the wait's explicit 'pending'.
    operationIds: () => readInput('operation-ids', parseOperationIds, { multiline: true }) ?? ('pending' as const),
    timeoutMs: () => readInput('timeout', (name, text) => parseDuration(name, text), { default: DEFAULTS.timeout }),
    intervalMs: () =>
      readInput('interval', (name, text) => parseDuration(name, text, { minMs: 100, maxMs: 3_600_000 }), {
        default: DEFAULTS.interval,
      }),
  });
}

export type WaitInputs = ReturnType<typeof readWaitInputs>;

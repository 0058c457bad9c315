import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describeBundle } from '@keyturn/action-common/bundle-checks';
import { DEFAULTS } from '../src/inputs.js';

describeBundle(fileURLToPath(new URL('..', import.meta.url)), esbuild, {
  inputs: {
    'api-key': undefined,
    'api-url': DEFAULTS['api-url'],
    'project-id': undefined,
    'operation-ids': undefined,
    timeout: DEFAULTS.timeout,
    interval: DEFAULTS.interval,
  },
  required: ['api-key', 'project-id'],
  outputs: ['status', 'operations', 'failed-operation-ids'],
});

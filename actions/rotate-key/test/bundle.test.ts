import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describeBundle } from '@keyturn/action-common/bundle-checks';
import { DEFAULTS } from '../src/inputs.js';

describeBundle(fileURLToPath(new URL('..', import.meta.url)), esbuild, {
  inputs: {
    'api-key': undefined,
    'api-url': DEFAULTS['api-url'],
    'github-token': undefined,
    'app-id': undefined,
    'private-key': undefined,
    'gitlab-token': undefined,
    'gitlab-url': DEFAULTS['gitlab-url'],
    'secret-name': DEFAULTS['secret-name'],
    targets: undefined,
    'key-name-prefix': undefined,
    'retire-targets': undefined,
    keep: DEFAULTS.keep,
    'revoke-key-ids': undefined,
    'dry-run': DEFAULTS['dry-run'],
    'key-kind': DEFAULTS['key-kind'],
    'org-id': undefined,
    'project-id': undefined,
    'managing-api-key': undefined,
    'rebuild-record': DEFAULTS['rebuild-record'],
    'lease-wait': DEFAULTS['lease-wait'],
    'leaked-key-id': undefined,
    'leaked-key-fingerprint': undefined,
    'alert-secret-type': undefined,
    'alert-scope': undefined,
    'inventory-org': undefined,
    'inventory-match': undefined,
  },
  required: ['api-key'],
  outputs: ['key-id', 'key-name', 'revoked-key-ids', 'targets', 'leaked-key-revoked', 'resolved-alerts', 'unmanaged-alerts', 'inventory'],
});

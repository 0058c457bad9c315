import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describeBundle } from '@keyturn/action-common/bundle-checks';

// The public interface, written out: the catalogue (@keyturn/rotation/catalogue) must keep it exactly.
describeBundle(fileURLToPath(new URL('..', import.meta.url)), esbuild, {
  inputs: {
    'api-key': undefined,
    'api-url': 'https://console.neon.tech/api/v2',
    'github-token': undefined,
    'app-id': undefined,
    'private-key': undefined,
    'gitlab-token': undefined,
    'gitlab-url': 'https://gitlab.com/api/v4',
    'vercel-token': undefined,
    'vercel-url': 'https://api.vercel.com',
    'vercel-redeploy': 'true',
    'secret-name': 'NEON_API_KEY',
    targets: undefined,
    'key-name-prefix': undefined,
    'retire-targets': undefined,
    keep: '1',
    'revoke-key-ids': undefined,
    'rotate-every': undefined,
    'revoke-after': undefined,
    'dry-run': 'false',
    'key-kind': 'personal',
    'org-id': undefined,
    'project-id': undefined,
    'managing-api-key': undefined,
    'rebuild-record': 'false',
    'lease-wait': '11m',
    'leaked-key-id': undefined,
    'leaked-key-fingerprint': undefined,
    'alert-secret-type': undefined,
    'alert-scope': undefined,
    'inventory-org': undefined,
    'inventory-match': undefined,
  },
  required: ['api-key'],
  outputs: ['key-id', 'key-name', 'revoked-key-ids', 'targets', 'rotated', 'not-due-until', 'revocations-due', 'leaked-key-revoked', 'resolved-alerts', 'unmanaged-alerts', 'inventory'],
});

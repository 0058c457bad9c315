// Malformed inputs for both Actions: each row breaks one input of an otherwise valid run. Every
// row must fail the step with an `::error::` naming that input, before any request is made.

import { randomBytes } from 'node:crypto';

export type ActionName = 'rotate-key' | 'wait-for-operation';

export interface BadInput {
  action: ActionName;
  input: string;
  value: string;
  why: string;
  /** A credential in the wrong place: not masked, so not even a piece of it may be echoed. */
  secret?: string;
}

const both = (input: string, value: string, why: string): BadInput[] => [
  { action: 'rotate-key', input, value, why },
  { action: 'wait-for-operation', input, value, why },
];

const LEAKED_QUERY_KEY = 'sk_in_query_0123456789abcdef';
/** A key as the platform makes them, pasted into an input that is not masked. */
const PASTED_KEY = randomBytes(32).toString('hex');
const pasted = (action: ActionName, input: string, value = PASTED_KEY): BadInput => ({
  action,
  input,
  value,
  why: 'a key pasted into it',
  secret: PASTED_KEY,
});

export const BAD_INPUTS: BadInput[] = [
  // Credentials: required, a header value (printable ASCII without spaces), not oversize.
  ...both('api-key', '', 'required and empty'),
  ...both('api-key', '   \n  ', 'required, only whitespace'),
  { action: 'rotate-key', input: 'api-key', value: 'two words in the key', why: 'spaces' },
  { action: 'wait-for-operation', input: 'api-key', value: 'key\u0007with-a-bell', why: 'a control character' },
  { action: 'rotate-key', input: 'api-key', value: 'clé-non-ascii-0123456789', why: 'non-ASCII' },
  { action: 'wait-for-operation', input: 'api-key', value: 'k'.repeat(5000), why: 'oversize (5,000 characters)' },
  { action: 'rotate-key', input: 'github-token', value: '', why: 'required and empty' },
  { action: 'rotate-key', input: 'github-token', value: 'ghp_line1\nghp_line2', why: 'two lines' },
  // Issue 10, defect 5: a credential of one service is refused before it is sent to the other.
  { action: 'rotate-key', input: 'api-key', value: `ghp_${randomBytes(18).toString('hex')}`, why: 'a GitHub token pasted into it' },
  {
    action: 'rotate-key',
    input: 'api-key',
    value: `github_pat_${randomBytes(30).toString('hex')}`,
    why: 'a fine-grained GitHub token pasted into it',
  },
  { action: 'rotate-key', input: 'github-token', value: randomBytes(32).toString('hex'), why: 'a platform key pasted into it' },
  { action: 'rotate-key', input: 'github-token', value: 'ghp_\u001b[31mred\u001b[0m', why: 'ANSI escape sequences' },
  // URLs: https, or http on loopback only; no credentials, query or fragment.
  ...both('api-url', 'not a url', 'not a URL'),
  ...both('api-url', 'http://example.com/api/v2', 'plain http off loopback'),
  { action: 'rotate-key', input: 'api-url', value: 'http://169.254.169.254/latest/meta-data', why: 'http to a link-local address' },
  { action: 'wait-for-operation', input: 'api-url', value: 'ftp://127.0.0.1/api/v2', why: 'not http(s)' },
  { action: 'rotate-key', input: 'api-url', value: 'javascript:alert(1)', why: 'a script URL' },
  {
    action: 'wait-for-operation',
    input: 'api-url',
    value: 'https://user:hunter2hunter2hunter2@console.neon.tech/api/v2',
    why: 'credentials in the URL',
    secret: 'hunter2hunter2hunter2',
  },
  {
    action: 'rotate-key',
    input: 'api-url',
    value: `https://console.neon.tech/api/v2?api_key=${LEAKED_QUERY_KEY}`,
    why: 'a query holding a key',
    secret: LEAKED_QUERY_KEY,
  },
  { action: 'wait-for-operation', input: 'api-url', value: 'https://console.neon.tech/api/v2#frag', why: 'a fragment' },
  // Secret names: GitHub's rules.
  { action: 'rotate-key', input: 'secret-name', value: '1ST_KEY', why: 'starts with a digit' },
  { action: 'rotate-key', input: 'secret-name', value: 'GITHUB_NEON_KEY', why: 'the reserved GITHUB_ prefix' },
  { action: 'rotate-key', input: 'secret-name', value: 'NEON-API-KEY', why: 'a dash' },
  { action: 'rotate-key', input: 'secret-name', value: 'NEON_\u202EYEK_IPA', why: 'a bidi override' },
  {
    action: 'rotate-key',
    input: 'secret-name',
    value: 'NEON_API_KEY\n::error::forged',
    why: 'a workflow command smuggled on a second line',
  },
  { action: 'rotate-key', input: 'secret-name', value: 'S'.repeat(1500), why: 'oversize (1,500 characters)' },
  // Targets.
  { action: 'rotate-key', input: 'targets', value: 'repo:acme', why: 'no repository name' },
  { action: 'rotate-key', input: 'targets', value: 'bitbucket:acme/web', why: 'an unknown kind' },
  { action: 'rotate-key', input: 'targets', value: 'env:acme/web', why: 'an environment target without the environment' },
  { action: 'rotate-key', input: 'targets', value: 'repo:acme/web\nrepo:ACME/web', why: 'the same target twice' },
  { action: 'rotate-key', input: 'targets', value: 'repo:../../etc', why: 'a path in the owner' },
  { action: 'rotate-key', input: 'targets', value: 'org:acme:sometimes', why: 'an unknown organization visibility' },
  { action: 'rotate-key', input: 'targets', value: 'repo:acme/web\u0085', why: 'a C1 control character' },
  { action: 'rotate-key', input: 'targets', value: `${'repo:acme/web-x,'.repeat(1500)}repo:acme/web`, why: 'oversize (25,000 characters)' },
  // Families, counts, ids, booleans.
  { action: 'rotate-key', input: 'key-name-prefix', value: '-leading-dash', why: 'starts with a dash' },
  { action: 'rotate-key', input: 'key-name-prefix', value: 'p'.repeat(60), why: 'too long for a 64-character key name' },
  // Kinds of key (issue 12): an unknown kind; an id for a kind that does not use it (personal, the
  // default); a managing key with a personal kind, or of the wrong service.
  { action: 'rotate-key', input: 'key-kind', value: 'team', why: 'an unknown kind' },
  { action: 'rotate-key', input: 'org-id', value: 'org-acme-1234', why: 'given with key-kind personal' },
  { action: 'rotate-key', input: 'project-id', value: 'purple-shape-411361', why: 'given with key-kind personal' },
  { action: 'rotate-key', input: 'managing-api-key', value: randomBytes(32).toString('hex'), why: 'given with key-kind personal' },
  {
    action: 'rotate-key',
    input: 'managing-api-key',
    value: `ghp_${randomBytes(18).toString('hex')}`,
    why: 'a GitHub token pasted into it',
  },
  { action: 'rotate-key', input: 'keep', value: '0', why: 'zero' },
  { action: 'rotate-key', input: 'keep', value: 'two', why: 'not a number' },
  { action: 'rotate-key', input: 'keep', value: '1.5', why: 'a fraction' },
  { action: 'rotate-key', input: 'keep', value: '1e3', why: 'an exponent' },
  { action: 'rotate-key', input: 'revoke-key-ids', value: '12, abc', why: 'a non-numeric id' },
  { action: 'rotate-key', input: 'revoke-key-ids', value: '-5', why: 'a negative id' },
  { action: 'rotate-key', input: 'revoke-key-ids', value: '99999999999999999999', why: 'an id past 2^53' },
  { action: 'rotate-key', input: 'dry-run', value: 'maybe', why: 'not a boolean' },
  // Projects and operations.
  { action: 'wait-for-operation', input: 'project-id', value: '', why: 'required and empty' },
  { action: 'wait-for-operation', input: 'project-id', value: '../api_keys', why: 'a path' },
  { action: 'wait-for-operation', input: 'project-id', value: 'shop db', why: 'a space' },
  { action: 'wait-for-operation', input: 'project-id', value: 'shop%2F..%2Fapi_keys', why: 'an encoded path' },
  { action: 'wait-for-operation', input: 'operation-ids', value: 'op-1, not an id!', why: 'an id with spaces and punctuation' },
  { action: 'wait-for-operation', input: 'operation-ids', value: '["op-1",', why: 'truncated JSON' },
  { action: 'wait-for-operation', input: 'operation-ids', value: '[1, 2]', why: 'JSON numbers, not ids' },
  { action: 'wait-for-operation', input: 'operation-ids', value: '{"branch": {"id": "br-1"}}', why: 'a JSON object without operations' },
  { action: 'wait-for-operation', input: 'operation-ids', value: '[{"action": "start_compute"}]', why: 'operation objects without ids' },
  {
    action: 'wait-for-operation',
    input: 'operation-ids',
    value: Array.from({ length: 1001 }, (_, i) => `op-${i}`).join('\n'),
    why: 'more than 1,000 ids',
  },
  { action: 'wait-for-operation', input: 'operation-ids', value: `["${'a'.repeat(100_010)}"]`, why: 'oversize (over 100,000 characters)' },
  // Durations.
  { action: 'wait-for-operation', input: 'timeout', value: 'ten minutes', why: 'words' },
  { action: 'wait-for-operation', input: 'timeout', value: '0', why: 'zero' },
  { action: 'wait-for-operation', input: 'timeout', value: '-5', why: 'negative' },
  { action: 'wait-for-operation', input: 'timeout', value: '25h', why: 'longer than a day' },
  { action: 'wait-for-operation', input: 'timeout', value: '10m30s', why: 'two units' },
  { action: 'wait-for-operation', input: 'interval', value: '50ms', why: 'shorter than 100 ms' },
  { action: 'wait-for-operation', input: 'interval', value: '2h', why: 'longer than an hour' },
  { action: 'wait-for-operation', input: 'interval', value: '5x', why: 'an unknown unit' },
  // A key in the wrong input is not masked (only api-key and github-token are): refused, never echoed.
  pasted('wait-for-operation', 'project-id'),
  pasted('wait-for-operation', 'operation-ids'),
  pasted('wait-for-operation', 'timeout'),
  pasted('rotate-key', 'secret-name', `NEON_${PASTED_KEY}`),
  pasted('rotate-key', 'key-name-prefix'),
  pasted('rotate-key', 'revoke-key-ids'),
  pasted('rotate-key', 'targets', `repo:acme/${PASTED_KEY}`),
  pasted('rotate-key', 'org-id'),
];

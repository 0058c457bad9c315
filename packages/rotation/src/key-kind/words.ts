// What the run says of the keys it lists, by kind: which request proves which key, and that a key
// outside the listing may be of another kind rather than revoked.

import { describeKind, describeKindWithArticle, type KeyScope } from './key-kind.js';
import { option } from '../option-names.js';
import { scopeProofPath } from './scope-proof.js';
import { countNoun } from '@keyturn/api/toolkit';

/** The preflight's first line: how the current key (and the managing key) are proven. */
export function checkingWords({ keyKind, managed }: KeyScope): string {
  if (keyKind.kind === 'personal') return 'Checking the current key by listing API keys';
  if (!managed) return `Checking the current key (${describeKindWithArticle(keyKind)}) by listing the organization's keys`;
  return (
    `Checking the current key (${describeKindWithArticle(keyKind)}) with GET ${scopeProofPath(keyKind)}, and the key ` +
    `in ${option('managingApiKey')} by listing the organization's keys`
  );
}

/** What failed when the preflight's check did (the error then says which key: describeError). */
export function checkFailedWords({ keyKind, managed }: KeyScope): string {
  if (keyKind.kind === 'personal') return 'The current key could not list API keys';
  if (!managed) return "The current key could not list the organization's keys";
  return `Checking the current key and the key in ${option('managingApiKey')} failed`;
}

/** The preflight's line once the listing answered. */
export function workingWords({ keyKind, managed }: KeyScope, count: number): string {
  if (keyKind.kind === 'personal') return `The current key works: it listed ${countNoun(count, 'live key')}`;
  const listed =
    keyKind.kind === 'project'
      ? `${countNoun(count, 'live project-scoped key')} of project ${keyKind.projectId}`
      : countNoun(count, 'live organization key');
  return managed ? `The current key and the managing key work: ${listed}` : `The current key works: it listed ${listed}`;
}

/** An id of revokeKeyIds the listing does not hold. */
export function notLiveWords({ keyKind }: KeyScope, id: number): string {
  if (keyKind.kind === 'personal') return `Key ${id} of ${option('revokeKeyIds')} is not live: already revoked`;
  return (
    `Key ${id} of ${option('revokeKeyIds')} is not a live ${describeKind(keyKind)}: already revoked, or a key of another kind ` +
    `(left alone)`
  );
}

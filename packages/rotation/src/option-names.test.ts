// How messages name options, and how a caller re-renders them in its own words.
import { describe, expect, it } from 'vitest';
import { option, renameOptions } from './option-names.js';

describe('option names in messages', () => {
  it('writes an option by its path, in backquotes', () => {
    expect(`run with ${option('revokeKeyIds')} naming its id`).toBe('run with `revokeKeyIds` naming its id');
    expect(option('keyKind.orgId')).toBe('`keyKind.orgId`');
  });

  it('renames each option a caller knows, and leaves the rest as written', () => {
    const inputs: Record<string, string> = { revokeKeyIds: 'revoke-key-ids', 'keyKind.orgId': 'org-id', family: 'key-name-prefix' };
    const text = `check ${option('keyKind.orgId')} and ${option('keyKind.projectId')}; give ${option('family')} (the family acme-web), then ${option('revokeKeyIds')}`;
    expect(renameOptions(text, (name) => inputs[name])).toBe(
      'check org-id and `keyKind.projectId`; give key-name-prefix (the family acme-web), then revoke-key-ids',
    );
  });

  it('touches no other text: plain words, and quotes that are not option paths', () => {
    const text = 'the family, keep and targets; GitHub said `name` is `not valid here`; a `tick';
    expect(renameOptions(text, () => 'X')).toBe('the family, keep and targets; GitHub said X is `not valid here`; a `tick');
  });
});

import { describe, expect, it } from 'vitest';
import { currentKeyAuthProblem, expectedAuthMethod, newKeyAuthProblem } from './auth-details.js';

const ORG = { kind: 'organization', orgId: 'org-a' } as const;
const PROJECT = { kind: 'project', orgId: 'org-a', projectId: 'shop-1' } as const;

describe('the platform word on a key (GET /auth)', () => {
  it('expects api_key_user of a personal key, api_key_org of an organization or project-scoped one', () => {
    expect([{ kind: 'personal' } as const, ORG, PROJECT].map(expectedAuthMethod)).toEqual(['api_key_user', 'api_key_org', 'api_key_org']);
  });

  it('refuses a current key of another kind than keyKind says, with what to set', () => {
    expect(currentKeyAuthProblem({ account_id: 'u1', auth_method: 'api_key_user' }, { kind: 'personal' })).toBeUndefined();
    expect(currentKeyAuthProblem({ account_id: 'org-a', auth_method: 'api_key_org' }, PROJECT)).toBeUndefined();
    expect(currentKeyAuthProblem({ account_id: 'u1', auth_method: 'api_key_user' }, ORG)?.summary).toMatch(
      /authenticates as api_key_user, not as api_key_org/,
    );
    // A method the description may add later is not the expected one: refused, never guessed.
    expect(currentKeyAuthProblem({ account_id: 'u1', auth_method: 'api_key_project' }, PROJECT)?.advice).toMatch(/`keyKind`/);
  });

  it('holds the new key to the current key: the same account and the expected kind, each named when not', () => {
    const current = { account_id: 'org-a', auth_method: 'api_key_org' };
    expect(newKeyAuthProblem({ account_id: 'org-a', auth_method: 'api_key_org' }, current, ORG)).toBeUndefined();
    expect(newKeyAuthProblem({ account_id: 'org-b', auth_method: 'api_key_org' }, current, ORG)).toBe(
      "belongs to account org-b, not to org-a (the current key's)",
    );
    expect(newKeyAuthProblem({ account_id: 'org-b', auth_method: 'api_key_user' }, current, ORG)).toBe(
      "belongs to account org-b, not to org-a (the current key's), and authenticates as api_key_user, not as api_key_org (organization key of org-a)",
    );
  });
});

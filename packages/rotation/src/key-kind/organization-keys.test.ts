import { describe, expect, it } from 'vitest';
import { createBody, keysOfKind } from './organization-keys.js';

const key = (id: number, extra: object = {}) => ({ id, name: `k-${id}`, created_at: '2026-01-01T00:00:00Z', ...extra });

describe('keysOfKind', () => {
  // The published description has `project_id` optional (absent: organization-wide); null is read as absent.
  const listed = [
    key(1),
    key(2, { project_id: null }),
    key(3, { project_id: 'shop-1' }),
    key(4, { project_id: 'blog-2' }),
    key(5, { project_id: 7 }),
  ];

  it('an organization key: only keys without a project_id', () => {
    expect(keysOfKind(listed, { kind: 'organization', orgId: 'org-a' }).map((k) => k.id)).toEqual([1, 2]);
  });

  it("a project-scoped key: only its own project's keys, never another project's or a malformed id", () => {
    expect(keysOfKind(listed, { kind: 'project', orgId: 'org-a', projectId: 'shop-1' }).map((k) => k.id)).toEqual([3]);
  });
});

describe('createBody', () => {
  it('sends project_id for a project-scoped key only', () => {
    expect(createBody({ kind: 'project', orgId: 'org-a', projectId: 'shop-1' }, { key_name: 'n' })).toEqual({
      key_name: 'n',
      project_id: 'shop-1',
    });
    expect(createBody({ kind: 'organization', orgId: 'org-a' }, { key_name: 'n' })).toEqual({ key_name: 'n' });
  });
});

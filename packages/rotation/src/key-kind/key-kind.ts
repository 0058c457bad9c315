// The three kinds of platform API key a rotation can rotate (personal, an organization's, a
// project-scoped key of one of its projects), checked before any request, and how each is named in
// what the run says.

import { OptionError } from '@keyturn/api';
import { looksLikeCredential, platformKeyProblem } from '@keyturn/api/toolkit';

/**
 * Which kind of key is rotated. `personal` (the default): `/api_keys`, the key manages its own
 * user's keys. `organization`: a key of organization `orgId`. `project`: a project-scoped key of
 * project `projectId` of organization `orgId`, which manages no keys (see `managingApiKey`).
 */
export type KeyKind =
  | { kind: 'personal' }
  | { kind: 'organization'; orgId: string }
  | { kind: 'project'; orgId: string; projectId: string };

/** The kind rotated, and whether a separate managing key creates, lists and revokes its keys. */
export interface KeyScope {
  keyKind: KeyKind;
  managed: boolean;
}

export const PERSONAL: KeyKind = { kind: 'personal' };

/** The published description's pattern of organization and project ids. */
const ID_PATTERN = /^[a-z0-9-]{1,60}$/;
const KINDS = ['personal', 'organization', 'project'] as const;

/**
 * `keyKind` and `managingApiKey` checked together: every mistake as an OptionError naming its
 * option, so one mistake does not hide the next.
 */
export function checkKeyKind(
  given: unknown,
  managingApiKey: unknown,
  apiKey: string | undefined,
): { scope?: KeyScope; managingApiKey?: string; problems: OptionError[] } {
  const problems: OptionError[] = [];
  const keyKind = readKeyKind(given, problems);
  const managing = readManagingKey(managingApiKey, apiKey, problems);
  if (keyKind?.kind === 'personal' && managing !== undefined) {
    problems.push(
      new OptionError(
        'managingApiKey',
        'managingApiKey is for an organization or project-scoped key: a personal key is made by the user whose key makes it, so ' +
          'a personal rotation uses its own key: leave it out, or name the kind of key rotated',
      ),
    );
  }
  if (keyKind?.kind === 'project' && managing === undefined && !problems.some((p) => p.option === 'managingApiKey')) {
    problems.push(
      new OptionError(
        'managingApiKey',
        'managingApiKey is required for a project-scoped key, which cannot create, list or revoke keys: store a personal key of ' +
          'a member of the organization (or an organization key) as its own secret and pass it',
      ),
    );
  }
  if (problems.length || !keyKind) return { problems };
  return { scope: { keyKind, managed: managing !== undefined }, managingApiKey: managing, problems };
}

function readKeyKind(given: unknown, problems: OptionError[]): KeyKind | undefined {
  if (given === undefined) return PERSONAL;
  if (typeof given !== 'object' || given === null) {
    const forms = "{ kind: 'personal' }, { kind: 'organization', orgId } or { kind: 'project', orgId, projectId }";
    return refused(problems, 'keyKind', `keyKind must be an object: ${forms}`);
  }
  const { kind, orgId, projectId } = given as { kind?: unknown; orgId?: unknown; projectId?: unknown };
  if (!KINDS.includes(kind as (typeof KINDS)[number])) {
    return refused(problems, 'keyKind.kind', `kind must be one of ${KINDS.join(', ')}, not ${JSON.stringify(kind)}`);
  }
  // An id the kind does not use is check-options.ts's mistake (unusedKeyIds).
  if (kind === 'personal') return PERSONAL;
  const org = readId('orgId', orgId, 'the organization whose key is rotated', problems);
  if (kind === 'organization') return org === undefined ? undefined : { kind, orgId: org };
  const project = readId('projectId', projectId, 'the one project the key reaches', problems);
  return org === undefined || project === undefined ? undefined : { kind: 'project', orgId: org, projectId: project };
}

function readId(name: 'orgId' | 'projectId', value: unknown, what: string, problems: OptionError[]): string | undefined {
  const option = `keyKind.${name}`;
  if (value === undefined || value === '') return refused(problems, option, `${name} is required: the id of ${what}`);
  if (typeof value !== 'string' || looksLikeCredential(value)) {
    return refused(problems, option, `${name} must be an id, not a credential or another value`);
  }
  if (!ID_PATTERN.test(value)) {
    const shape = 'an id of lowercase letters, digits and dashes (at most 60)';
    return refused(problems, option, `${name} must be ${shape}, not ${JSON.stringify(value)}`);
  }
  return value;
}

function readManagingKey(value: unknown, apiKey: string | undefined, problems: OptionError[]): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return refused(problems, 'managingApiKey', 'managingApiKey must be a platform API key (a string)');
  const problem = platformKeyProblem(value)?.replace('the secret being rotated', 'the secret that holds the managing key');
  if (problem) return refused(problems, 'managingApiKey', `managingApiKey ${problem}`);
  if (value === apiKey) {
    const instead = 'pass the managing key from its own secret (a personal key of an organization member, or an organization key)';
    return refused(problems, 'managingApiKey', `managingApiKey is the key being rotated: ${instead}`);
  }
  return value;
}

/** Adds `message` as a mistake of `option`: the value given is unusable. */
function refused(problems: OptionError[], option: string, message: string): undefined {
  problems.push(new OptionError(option, message));
  return undefined;
}

/** How the run names the rotated key's kind: "project-scoped key of project P (organization O)". */
export function describeKind(keyKind: KeyKind): string {
  switch (keyKind.kind) {
    case 'personal':
      return 'personal key';
    case 'organization':
      return `organization key of ${keyKind.orgId}`;
    case 'project':
      return `project-scoped key of project ${keyKind.projectId} (organization ${keyKind.orgId})`;
  }
}

/** "an organization key of O", "a project-scoped key of project P (organization O)". */
export function describeKindWithArticle(keyKind: KeyKind): string {
  const words = describeKind(keyKind);
  return /^[aeiou]/.test(words) ? `an ${words}` : `a ${words}`;
}

/** How a record names its kind of key: `personal`, `organization:ORG`, `project:ORG/PROJECT`. */
export function keyKindLabel(keyKind: KeyKind): string {
  if (keyKind.kind === 'personal') return 'personal';
  return keyKind.kind === 'organization' ? `organization:${keyKind.orgId}` : `project:${keyKind.orgId}/${keyKind.projectId}`;
}

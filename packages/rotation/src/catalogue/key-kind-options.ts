// The catalogue's rows for the kind of key rotated (personal, organization, project-scoped) and the
// key that manages it.

import type { CatalogueOption } from './option-entry.js';

/** The kind of key and its managing key, in the order the front ends list them. */
export const KEY_KIND_OPTIONS = {
  'key-kind': {
    path: 'keyKind.kind',
    aliases: ['keyKind'],
    type: 'choice',
    choices: ['personal', 'organization', 'project'],
    default: 'personal',
    input: 'key-kind',
    doc:
      "The kind of key in api-key: personal (a user's key), organization (an organization's key, with org-id) or project (a " +
      'project-scoped key, with org-id and project-id: the least a deploy workflow needs; it manages no keys, so managing-api-key is ' +
      'required).',
    cli: {
      flag: '--key-kind <kind>',
      key: 'key-kind',
      help: 'personal, organization (with --org-id) or project (with --org-id and --project-id)',
    },
  },
  'org-id': {
    path: 'keyKind.orgId',
    type: 'text',
    input: 'org-id',
    doc: 'The organization of an organization or project key (e.g. org-morning-bread-81040908). An error with key-kind personal.',
    cli: { flag: '--org-id <id>', key: 'org-id', help: 'the organization of an organization or project key' },
  },
  'project-id': {
    path: 'keyKind.projectId',
    type: 'text',
    input: 'project-id',
    doc: 'The project of a project-scoped key. An error unless key-kind is project.',
    cli: {
      flag: '--project-id <id>',
      key: 'project-id',
      help: 'the project (of a project key; for wait, the project whose operations to await)',
    },
  },
  'managing-api-key': {
    path: 'managingApiKey',
    type: 'secret',
    input: 'managing-api-key',
    doc:
      'A key that creates, lists and revokes the rotated keys when the key in api-key cannot, from its own secret: a personal key of a ' +
      'member of the organization (an admin, for an organization key), or an organization key. Required for key-kind project; refused ' +
      'for personal. The rotated key is still proven with a request its own scope allows. Masked in the log.',
    cli: {
      env: 'KEYTURN_MANAGING_API_KEY',
      file: '--managing-api-key-file <path>',
      help: "a file holding the key that manages the rotated kind's keys",
    },
  },
} as const satisfies Record<string, CatalogueOption>;

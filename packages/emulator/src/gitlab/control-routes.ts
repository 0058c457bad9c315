// The GitLab emulator's control API under /__emulator, so a CLI-started emulator can be set up and
// read from another process. Not part of GitLab; no auth, no faults, not logged.

import { attempt, field, text } from '../core/control-input.js';
import { type EmulatorRequest, HttpError, type Route, route } from '../core/http-server.js';
import type { GitLabStateApi, GitLabTokenAccess, GitLabVariableRef } from './state-api.js';

export function gitlabControlRoutes(state: GitLabStateApi): Route[] {
  const refOf = (req: EmulatorRequest): GitLabVariableRef => {
    const project = req.query.get('project');
    const group = req.query.get('group');
    if (project) return { project };
    if (group) return { group };
    throw new HttpError(400, 'query parameter project or group is required');
  };
  return [
    route('POST', '/gitlab/groups', (req) => ({ status: 201, body: attempt(() => state.addGroup(text(field(req, 'path'), 'path'))) })),
    route('POST', '/gitlab/projects', (req) => ({ status: 201, body: attempt(() => state.addProject(text(field(req, 'path'), 'path'))) })),
    route('POST', '/gitlab/tokens', (req) => {
      const token = text(field(req, 'token'), 'token');
      attempt(() => state.addToken(token, (req.body ?? {}) as GitLabTokenAccess));
      return { status: 201, body: { user: field(req, 'user') ?? 'keyturn-bot' } };
    }),
    route('GET', '/gitlab/variables', (req) => ({ status: 200, body: attempt(() => state.variables(refOf(req))) })),
  ];
}

// A group's projects, which an inventory of CI/CD variables walks: `GET /groups/:id/projects`
// (`include_subgroups` for the subgroups' too), paged as every GitLab listing, each project with the
// fields a client reads (`id`, `path_with_namespace`). A token sees the projects it has a role on.
// https://docs.gitlab.com/api/groups/#list-projects

import { HttpError, type Route, route } from '../core/http-server.js';
import { paginated } from './pagination.js';
import { type GitLabContext, TOKEN_OF } from './variable-routes.js';
import type { VariableOwner } from './world.js';

export function projectRoutes(ctx: GitLabContext): Route[] {
  return [
    route('GET', '/groups/:id/projects', (req) => {
      const token = TOKEN_OF.get(req);
      const group = ctx.world.find('group', req.params.id ?? '');
      const prefix = `${group?.path.toLowerCase()}/`;
      const below = [...ctx.world.owners.values()].filter((o) => o.path.toLowerCase().startsWith(prefix));
      // A private group is seen by its members and by the members of a project or subgroup in it.
      const sees = token && group && [group, ...below].some((o) => ctx.world.accessLevel(token, o) > 0);
      if (!token || !group || !sees) throw new HttpError(404, '404 Group Not Found');
      const deep = req.query.get('include_subgroups') === 'true';
      const projects = below
        .filter((o) => o.kind === 'project')
        .filter((o) => deep || !o.path.slice(prefix.length).includes('/'))
        .filter((o) => ctx.world.accessLevel(token, o) > 0)
        .sort((a, b) => a.id - b.id);
      return paginated(req, projects.map(projectJson), ctx.origin());
    }),
  ];
}

function projectJson(project: VariableOwner) {
  const path = project.path.split('/');
  return {
    id: project.id,
    name: path.at(-1)!,
    path: path.at(-1)!,
    path_with_namespace: project.path,
    name_with_namespace: path.join(' / '),
    namespace: { full_path: path.slice(0, -1).join('/'), kind: 'group' },
  };
}

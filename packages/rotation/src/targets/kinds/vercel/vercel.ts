// `vercel:PROJECT[:production|preview|development][@TEAM]`: a Vercel project's environment variable
// for one environment (production when left out), in a team (its slug or `team_` id) or the token
// user's own account. Vercel's project names are lowercase; a project's `prj_` id works as well.
// https://vercel.com/docs/environment-variables

import { VercelEnvTarget, type VercelEnvironment } from './env-target.js';
import type { VercelKind } from '../kind.js';

/** A Vercel project's environment variable: `project` its name or `prj_` id; `team` a slug or `team_` id (none: a personal account's). */
export type VercelSpec = { kind: 'vercel'; project: string; environment?: VercelEnvironment; team?: string };

const FORMS = 'vercel:PROJECT[:production|preview|development][@TEAM]';
const ENVIRONMENTS: readonly string[] = ['production', 'preview', 'development'];
const PROJECT = /^(?:[a-z0-9._-]{1,100}|prj_[A-Za-z0-9]{1,64})$/;
const TEAM = /^(?:[a-z0-9][a-z0-9-]{0,47}|team_[A-Za-z0-9]{1,64})$/;

const environmentOf = (spec: VercelSpec): VercelEnvironment => spec.environment ?? 'production';

export const vercel: VercelKind<VercelSpec> = {
  name: 'vercel',
  service: 'vercel',
  forms: FORMS,
  parse(rest = '') {
    const at = rest.lastIndexOf('@');
    const team = at < 0 ? undefined : rest.slice(at + 1).trim();
    const place = (at < 0 ? rest : rest.slice(0, at)).trim();
    const colon = place.indexOf(':');
    const project = (colon < 0 ? place : place.slice(0, colon)).trim();
    const environment = colon < 0 ? undefined : place.slice(colon + 1).trim();
    const given = { ...(environment !== undefined && { environment }), ...(team !== undefined && { team }) };
    const spec = { kind: 'vercel', project, ...given } as VercelSpec;
    const problem = vercel.problem(spec);
    if (problem) throw new Error(`${problem} (${FORMS}, e.g. vercel:web:production@acme)`);
    return spec;
  },
  problem(spec) {
    if (typeof spec.project !== 'string' || !PROJECT.test(spec.project)) {
      const named = JSON.stringify(spec.project ?? '');
      return `expected a Vercel project's name (lowercase letters, digits, ., _ and -) or its prj_ id, not ${named}`;
    }
    if (spec.environment !== undefined && !ENVIRONMENTS.includes(spec.environment)) {
      return `a Vercel environment is production, preview or development, not ${JSON.stringify(spec.environment)}`;
    }
    if (spec.team !== undefined && (typeof spec.team !== 'string' || !TEAM.test(spec.team))) {
      return `expected a Vercel team's slug or its team_ id after @, not ${JSON.stringify(spec.team)}`;
    }
    return undefined;
  },
  format(spec) {
    const environment = spec.environment && spec.environment !== 'production' ? `:${spec.environment}` : '';
    return `vercel:${spec.project}${environment}${spec.team ? `@${spec.team}` : ''}`;
  },
  identity: (spec) => `vercel:${spec.project.toLowerCase()}:${environmentOf(spec)}@${(spec.team ?? '').toLowerCase()}`,
  create(clients, spec) {
    const { client, settings } = clients.vercel();
    return new VercelEnvTarget(
      client,
      { project: spec.project, environment: environmentOf(spec), ...(spec.team && { team: spec.team }) },
      {
        format: () => vercel.format(spec),
        identity: () => vercel.identity(spec),
        redeploy: settings.redeploy ?? true,
      },
    );
  },
};

// GitLab flags never weakened (issue 36, item 4): a rotation's write leaves a variable masked, hidden
// and protected where it was, and a variable it makes is scoped as its target spec says, never
// wider. Read from the GitLab emulator's own state (the value never leaves it here).

import type { GitLabEmulator } from '@keyturn/emulator';
import { HOME } from './world.js';

/** Where GitLab variables may be: the projects and the group the world has. */
export const GITLAB_PLACES = [{ project: 'acme/app' }, { project: HOME }, { group: 'acme' }] as const;

/** Each variable's flags, by `<place> <key> <scope>`. */
export type GitLabFlags = Map<string, { place: string; key: string; scope: string; masked: boolean; hidden: boolean; protected: boolean }>;

const placeName = (ref: (typeof GITLAB_PLACES)[number]) => ('project' in ref ? ref.project : `group ${ref.group}`);

export function gitlabFlags(gitlab: GitLabEmulator): GitLabFlags {
  const out: GitLabFlags = new Map();
  for (const ref of GITLAB_PLACES) {
    const place = placeName(ref);
    for (const v of gitlab.variables(ref)) {
      out.set(`${place} ${v.key} ${v.environment_scope}`, {
        place,
        key: v.key,
        scope: v.environment_scope,
        masked: v.masked,
        hidden: v.hidden,
        protected: v.protected,
      });
    }
  }
  return out;
}

/**
 * What got weaker from `before` to `after`: a flag a variable had and lost, or a variable made
 * unmasked or in a scope no target spec of the run (`targets`) names (README: a write masks). Record and lease variables (KEYTURN_…) hold
 * no key: left out.
 */
export function weakenedFlags(before: GitLabFlags, after: GitLabFlags, targets: readonly string[]): string[] {
  const out: string[] = [];
  const scopes = new Set(targets.map(scopeOf).filter((s): s is string => s !== undefined));
  for (const [at, flags] of after) {
    if (flags.key.startsWith('KEYTURN_')) continue;
    const was = before.get(at);
    if (!was) {
      if (!scopes.has(`${flags.place} ${flags.scope}`)) out.push(`${at} was made in a scope no target names`);
      if (!flags.masked) out.push(`${at} was made unmasked`);
      continue;
    }
    for (const flag of ['masked', 'hidden', 'protected'] as const) if (was[flag] && !flags[flag]) out.push(`${at} is no longer ${flag}`);
  }
  return out;
}

/** `<place> <scope>` of a GitLab target spec (`gitlab:PROJECT[:SCOPE]`, `gitlab-group:GROUP[:SCOPE]`); undefined for another kind. */
function scopeOf(spec: string): string | undefined {
  const [kind, path = '', scope = '*'] = spec.split(':');
  if (kind === 'gitlab') return `${path} ${scope}`;
  return kind === 'gitlab-group' ? `group ${path} ${scope}` : undefined;
}

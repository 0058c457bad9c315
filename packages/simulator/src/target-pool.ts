// Every kind of target the product writes, as the random histories draw them (issue 36, item 1): the
// repository, environment and Dependabot targets of TARGET_POOL, an organization's Actions secret for
// selected repositories, the three Codespaces forms, a GitLab project's variable of one environment
// scope and a group's of every scope. Here too is what the simulated user does to each by hand (seed
// it, write it under a new name, delete it) and which credential reaches it.

import type { Credential, World } from './world.js';
import { ORG_OWNER, storedAt, TARGET_POOL, vercelRef } from './world.js';
import type { RunResult, Simulation } from './simulation.js';
import { passTime } from './hourly.js';

/** The nine kinds, in canonical spelling (as the runs' notices name them). */
export const WIDE_POOL: readonly string[] = [
  ...TARGET_POOL,
  `org:${ORG_OWNER}:selected:app,site`,
  'codespaces:acme/app',
  `codespaces-org:${ORG_OWNER}:all`,
  'codespaces-user:acme/app',
  'gitlab:acme/app:production',
  'gitlab-group:acme',
];

/**
 * The timed model's pool (issue 34 in the histories): every kind above and a Vercel project's
 * production variable, redeployed and awaited, and its development one (no deployment to await).
 */
export const TIMED_POOL: readonly string[] = [...WIDE_POOL, 'vercel:app@acme', 'vercel:app:development@acme'];

export const isGitLabTarget = (target: string): boolean => target.startsWith('gitlab');
export const isVercelTarget = (target: string): boolean => target.startsWith('vercel:');

/** Whether `credential` reaches `target`: a GitHub App's installation token acts for no user, so never a user's Codespaces secrets. */
export function reaches(credential: Credential, target: string): boolean {
  return credential === 'token' || !target.startsWith('codespaces-user');
}

/** A GitLab spec's owner and environment scope (`gitlab:PROJECT[:SCOPE]`, `gitlab-group:GROUP[:SCOPE]`). */
function gitlabPlace(target: string): { ref: { project: string } | { group: string }; route: string; scope: string } {
  const [kind, path = '', scope = '*'] = target.split(':');
  const ref = kind === 'gitlab' ? { project: path } : { group: path };
  return { ref, route: `/${kind === 'gitlab' ? 'projects' : 'groups'}/${encodeURIComponent(path)}/variables`, scope };
}

/**
 * Writes `value` into a target's secret as the user does in the settings page, dated `writtenAt`:
 * a GitLab variable masked (protected when of one environment), as a key is kept there.
 */
export function putHeld(world: World, target: string, secretName: string, value: string, writtenAt: Date): void {
  if (isVercelTarget(target)) {
    // Sensitive where Vercel allows it; a development variable cannot be (README, Vercel projects).
    const ref = vercelRef(target);
    const environment = ref.environment as 'production' | 'development';
    world.vercel.setEnv(ref, {
      key: secretName,
      value,
      type: environment === 'development' ? 'encrypted' : 'sensitive',
      target: [environment],
    });
    return;
  }
  if (!isGitLabTarget(target)) {
    world.github.putSecretValue(storedAt(target), secretName, value, { writtenAt });
    return;
  }
  const { ref, scope } = gitlabPlace(target);
  world.gitlab.setVariable(ref, { key: secretName, value, environment_scope: scope, masked: true, protected: scope !== '*' });
}

/** The REST path of a target's secret, and the service that keeps it. */
export function secretPathOf(target: string, secretName: string): { service: 'github' | 'gitlab'; path: string } {
  if (isGitLabTarget(target)) {
    const { route, scope } = gitlabPlace(target);
    return { service: 'gitlab', path: `${route}/${secretName}?filter%5Benvironment_scope%5D=${encodeURIComponent(scope)}` };
  }
  const at = target.indexOf(':');
  const [kind, rest] = [target.slice(0, at), target.slice(at + 1)];
  const owner = rest.split(':')[0];
  switch (kind) {
    case 'env': {
      const split = rest.indexOf(':');
      const environment = encodeURIComponent(rest.slice(split + 1));
      return { service: 'github', path: `/repos/${rest.slice(0, split)}/environments/${environment}/secrets/${secretName}` };
    }
    case 'org':
      return { service: 'github', path: `/orgs/${owner}/actions/secrets/${secretName}` };
    case 'codespaces-org':
      return { service: 'github', path: `/orgs/${owner}/codespaces/secrets/${secretName}` };
    case 'codespaces-user':
      return { service: 'github', path: `/user/codespaces/secrets/${secretName}` };
    case 'codespaces':
      return { service: 'github', path: `/repos/${rest}/codespaces/secrets/${secretName}` };
    default:
      return { service: 'github', path: `/repos/${rest}/${kind === 'dependabot' ? 'dependabot' : 'actions'}/secrets/${secretName}` };
  }
}

/** The user deletes a target's secret (GitHub answers 204, GitLab 204; 404 when it is gone already). */
export async function deleteHeld(sim: Simulation, target: string, secretName: string): Promise<void> {
  if (isVercelTarget(target)) {
    const ref = vercelRef(target);
    const gone = sim.world.vercel.deleteEnv(ref, secretName, ref.environment as 'production');
    sim.note(`user: deletes ${secretName} in ${target} (${gone ? 'deleted' : 'none'})`);
    // A deployment built with it still runs with it: the user deploys production without it, and waits
    // for the build (no run can tell a retired target's deployment still uses a key: reported, not yet documented).
    if (!gone || ref.environment !== 'production') return;
    const { id } = sim.world.vercel.deploy(ref);
    sim.note(`user: deploys ${target} without ${secretName}`);
    await passTime(sim, 60_000);
    // A failed build leaves the old deployment running with it: the user fixes the build and deploys again (seed 600000164).
    if (sim.world.vercel.deployments(ref).find((d) => d.id === id)?.readyState === 'READY') return;
    sim.world.vercel.failBuilds(ref, 0);
    sim.world.vercel.deploy(ref);
    sim.note(`user: the build failed; fixes it and deploys ${target} again`);
    await passTime(sim, 60_000);
    return;
  }
  const { service, path } = secretPathOf(target, secretName);
  const response = await sim.userRequest('DELETE', path, undefined, service);
  sim.note(`user: deletes ${secretName} in ${target} (${response.status})`);
  if (response.status !== 204 && response.status !== 404) throw new Error(`deleting ${secretName} in ${target}: ${response.status}`);
}

/** The visibility and repositories an organization's or a user's spec asks for (`org:O:selected:A,B`); undefined when it asks none. */
function askedVisibility(target: string): { visibility: string; repos: string[] } | undefined {
  const [kind = '', owner = '', visibility, list] = target.split(':');
  if (kind === 'codespaces-user') return { visibility: 'selected', repos: owner ? owner.split(',') : [] };
  if ((kind !== 'org' && kind !== 'codespaces-org') || !visibility) return undefined;
  return { visibility, repos: visibility === 'selected' ? (list ?? '').split(',').map((name) => `${owner}/${name}`) : [] };
}

/**
 * After a run that ended well: each organization or user secret it names as holding its key is
 * visible as its spec asks (org secret visibility, issue 36), to the repositories it names and no others.
 */
export function visibilityUntruthful(world: World, run: RunResult): string[] {
  if (run.status !== 'ok' || !run.report || run.report.dryRun) return [];
  const out: string[] = [];
  for (const target of run.report.targets) {
    const asked = askedVisibility(target);
    const meta = asked && world.github.secret(storedAt(target), run.spec.secretName);
    if (!asked || !meta) continue;
    const ids = asked.repos.map((repo) => world.github.addRepo(repo).id).sort();
    const selected = [...(meta.selected_repository_ids ?? [])].sort();
    if (meta.visibility !== asked.visibility || (asked.visibility === 'selected' && ids.join(',') !== selected.join(','))) {
      const visible = `${meta.visibility} [${selected.join(', ')}]`;
      out.push(`untruthful: ${run.id} wrote ${target}, which is visible to ${visible}, not as its spec asks`);
    }
  }
  return out;
}

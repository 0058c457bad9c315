// The GitLab pipeline users copy (examples/gitlab-ci.yml): a scheduled job that rotates the key the
// other jobs read, through the keyturn CLI, one rotation at a time, credentials from the environment.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYaml, ROOT } from './docs/documents.js';

interface GitLabJob {
  stage?: string;
  rules?: Array<{ if?: string }>;
  environment?: string | { name: string; action?: string };
  resource_group?: string;
  timeout?: string;
  script?: string[];
}

const FILE = 'examples/gitlab-ci.yml';
const pipeline = parseYaml(readFileSync(join(ROOT, FILE), 'utf8'), FILE) as Record<string, unknown> & { stages: string[] };
const jobs = Object.entries(pipeline).filter(([name]) => name !== 'stages') as Array<[string, GitLabJob]>;

describe(FILE, () => {
  it('rotates on a schedule, one run at a time, into the variable of the environment its deploy job reads', () => {
    const [name, rotate] = jobs.find(([, job]) => job.script?.some((line) => line.includes('@keyturn/cli rotate')))!;
    expect(name).toBe('rotate-neon-key');
    expect(rotate.rules?.[0]?.if).toMatch(/\$CI_PIPELINE_SOURCE == "schedule"/);
    expect(rotate.resource_group).toEqual(expect.any(String));
    expect(rotate.environment).toMatchObject({ name: 'production' });
    const command = rotate.script!.join(' ');
    expect(command).toMatch(/--target "gitlab:\$\{CI_PROJECT_PATH\}:production"/);
    expect(command).toMatch(/--secret-name NEON_API_KEY/);
    // Credentials come from the environment, never an argument.
    expect(command).not.toMatch(/\$\{?(NEON_API_KEY|GITLAB_TOKEN)\b/);
    const deploy = jobs.find(([, job]) => job.environment === 'production')!;
    expect(deploy).toBeDefined();
  });

  it('is a pipeline GitLab accepts: every job in a declared stage, with a timeout and a script', () => {
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    for (const [name, job] of jobs) {
      expect(pipeline.stages, `${name} stage`).toContain(job.stage);
      expect(job.timeout, `${name} timeout`).toMatch(/^\d+ minutes$/);
      expect(job.script?.length, `${name} script`).toBeGreaterThan(0);
    }
  });
});

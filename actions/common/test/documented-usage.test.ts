// What users copy (examples/*.yml and the YAML in every README) is held to what works and what is
// safe: valid workflows, only inputs the Actions declare and every required one, one name per secret,
// the token permissions each kind of target needs, no credential or whole API response passed from a
// step output to another step, one description of key names, and a deploy-preview that survives its
// second push, cleans up and says what forks get.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readActionMetadata } from '@keyturn/action-runner';
import { examples, parseYaml, ROOT, readmes, snippets } from './docs/documents.js';
import { unsafeOutput } from './docs/output-safety.js';
import { keyturnActionOf, type LocatedStep, outputsRead, type Step, stepsOf, type Workflow } from './docs/workflow-steps.js';

const ACTIONS = ['rotate-key', 'wait-for-operation'] as const;
/** The secrets the docs ask users to make: one name each. */
const SECRET_NAMES = ['NEON_API_KEY', 'SECRETS_WRITE_TOKEN', 'ROTATION_APP_PRIVATE_KEY', 'NEON_MANAGING_API_KEY', 'VERCEL_TOKEN'];
const KEY_NAME_FORMAT = '<family>-<YYYYMMDDTHHMMSSZ>-<4 random characters>';

const steps: LocatedStep[] = snippets.flatMap((s) => stepsOf(s.value, s.where));
const keyturnSteps = steps.filter(({ step }) => keyturnActionOf(step));
const everyDocument = [...examples, ...readmes];

describe('documented usage', () => {
  it('finds the steps to check', () => {
    expect(new Set(keyturnSteps.map(({ step }) => keyturnActionOf(step)))).toEqual(new Set(ACTIONS));
    expect(keyturnSteps.filter(({ where }) => where.startsWith('examples')).length).toBeGreaterThanOrEqual(3);
    expect(snippets.filter((s) => s.file.endsWith('README.md')).length).toBeGreaterThanOrEqual(5);
  });

  it.each(keyturnSteps)('$where passes only declared inputs and every required one', ({ step }) => {
    const declared = readActionMetadata(join(ROOT, 'actions', keyturnActionOf(step)!, 'action.yml')).inputs;
    const inputs = Object.keys(step.with ?? {});
    expect(inputs.filter((name) => !(name in declared))).toEqual([]);
    const required = Object.entries(declared)
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.filter((name) => !inputs.includes(name))).toEqual([]);
  });
});

describe('example workflows', () => {
  it.each(examples)('$file is a workflow the runner accepts', ({ file, text }) => {
    const workflow = parseYaml(text, file) as Workflow;
    expect(Object.keys(workflow)).toEqual(expect.arrayContaining(['name', 'on', 'jobs']));
    const jobs = Object.entries(workflow.jobs);
    expect(jobs.length).toBeGreaterThan(0);
    for (const [name, job] of jobs) {
      // Least privilege is written down: at the workflow or in every job.
      expect(workflow.permissions ?? job.permissions, `${file} job ${name} permissions`).toBeDefined();
      expect(job['runs-on'], `${file} job ${name} runs-on`).toEqual(expect.any(String));
      expect(job['timeout-minutes'], `${file} job ${name} timeout-minutes`).toEqual(expect.any(Number));
      const jobSteps = job.steps ?? [];
      expect(jobSteps.length, `${file} job ${name} steps`).toBeGreaterThan(0);
      const ids = jobSteps.map((step) => step.id).filter(Boolean);
      expect(new Set(ids).size, `${file} job ${name}: step ids are unique`).toBe(ids.length);
      for (const step of jobSteps) {
        expect(Number('uses' in step) + Number('run' in step), `${file} job ${name}: uses or run`).toBe(1);
        if (step.uses) expect(step.uses, 'an Action is pinned to a ref').toMatch(/@[\w.-]+$/);
      }
    }
  });

  it('deploy-preview reuses its branch, waits, deletes it on close, and skips forks', () => {
    const text = examples.find((e) => e.file.endsWith('deploy-preview.yml'))!.text;
    const workflow = parseYaml(text, 'deploy-preview') as Workflow;
    expect(workflow.on?.pull_request?.types).toEqual(expect.arrayContaining(['opened', 'synchronize', 'closed']));
    const jobs = Object.values(workflow.jobs).map((job) => ({ if: job.if ?? '', steps: job.steps ?? [] }));
    const uses = (prefix: string) => jobs.flatMap((j) => j.steps).find((s) => s.uses?.startsWith(prefix));
    // create-branch-action returns the branch when it exists: a second push is no 409.
    const create = uses('neondatabase/create-branch-action@v6')!;
    const remove = uses('neondatabase/delete-branch-action@v3')!;
    expect(remove.with?.branch).toBe(create.with?.branch_name);
    expect(uses('OWNER/keyturn/actions/wait-for-operation@')).toBeDefined();
    const jobOf = (step: Step) => jobs.find((j) => j.steps.includes(step))!;
    expect(jobOf(create).if).toContain("github.event.action != 'closed'");
    expect(jobOf(remove).if).toContain("github.event.action == 'closed'");
    // Forks get no secrets: every job says so in its condition, and the file says what to do.
    for (const job of jobs) expect(job.if).toContain('github.event.pull_request.head.repo.full_name == github.repository');
    expect(text).toMatch(/forks: GitHub gives their workflows no secrets/);
  });
});

describe('secrets and credentials', () => {
  it('each secret has one name everywhere', () => {
    const names = new Set<string>();
    for (const { file, text } of everyDocument) {
      for (const m of text.matchAll(/\bsecrets\.([A-Za-z0-9_]+)/g)) names.add(`${m[1]} (${file})`);
      // Prose names the secrets too: `SECRETS_WRITE_TOKEN`, never a variant of it.
      for (const m of text.matchAll(/\bSECRETS_[A-Z_]+\b/g)) names.add(`${m[0]} (${file})`);
    }
    const unknown = [...names].filter((entry) => !SECRET_NAMES.includes(entry.split(' ')[0]!));
    expect(unknown).toEqual([]);
    expect([...names].some((n) => n.startsWith('SECRETS_WRITE_TOKEN'))).toBe(true);
  });

  it('no step passes on an output that holds a credential or a whole API response', () => {
    const unsafe: string[] = [];
    let checked = 0;
    for (const { step, job, where } of steps) {
      const places = { with: step.with, env: step.env, run: step.run };
      for (const [place, value] of Object.entries(places)) {
        for (const { step: id, output } of outputsRead(JSON.stringify(value ?? ''))) {
          checked++;
          const before = job.slice(0, job.indexOf(step));
          const reason = unsafeOutput(
            before.find((s) => s.id === id),
            output,
          );
          if (reason) unsafe.push(`${where} ${place}: steps.${id}.outputs.${output}: ${reason}`);
        }
      }
    }
    expect(unsafe).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it('the check above finds the unsafe ways: a whole response, an unmasked connection string', () => {
    const run = (script: string): Step => ({ id: 'branch', run: script });
    const whole = run(`curl -sf "$URL" > branch.json\n{ echo 'response<<EOF'; cat branch.json; echo EOF; } >> "$GITHUB_OUTPUT"`);
    expect(unsafeOutput(whole, 'response')).toMatch(/whole/);
    expect(unsafeOutput(run(`echo "response=$(cat branch.json)" >> "$GITHUB_OUTPUT"`), 'response')).toMatch(/whole/);
    expect(unsafeOutput(run(`echo "branch=$(jq -c . branch.json)" >> "$GITHUB_OUTPUT"`), 'branch')).toMatch(/not ids/);
    expect(unsafeOutput({ id: 'b', uses: 'neondatabase/create-branch-action@v6' }, 'db_url')).toMatch(/credential/);
    expect(unsafeOutput(undefined, 'ids')).toMatch(/no step/);
    // And lets through what the docs do: ids selected by jq, other Actions' plain outputs.
    const ids = run(`echo "operation-ids=$(jq -c '[.operations[].id]' branch.json)" >> "$GITHUB_OUTPUT"`);
    expect(unsafeOutput(ids, 'operation-ids')).toBeUndefined();
    expect(unsafeOutput({ id: 'b', uses: 'neondatabase/create-branch-action@v6' }, 'branch_id')).toBeUndefined();
  });

  it('every rotation that writes a kind of target names the permission that kind needs', () => {
    const permissionOf: Record<string, RegExp> = {
      env: /Environments/,
      dependabot: /Dependabot secrets/,
      org: /organization permission\W+Secrets|organization Secrets|organization permission "Secrets"/,
    };
    const missing: string[] = [];
    for (const snippet of snippets) {
      const text = everyDocument.find((d) => d.file === snippet.file)!.text;
      for (const { step, where } of stepsOf(snippet.value, snippet.where)) {
        if (keyturnActionOf(step) !== 'rotate-key') continue;
        for (const kind of String(step.with?.targets ?? '').matchAll(/^\s*(env|dependabot|org):/gm)) {
          if (!permissionOf[kind[1]!]!.test(text)) missing.push(`${where}: ${kind[1]}: targets`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('key names', () => {
  it('are described one way everywhere', () => {
    const others: string[] = [];
    for (const { file, text } of everyDocument) {
      for (const line of text.split('\n')) {
        if (/<UTC time>|keyturn-\.\.\.-/.test(line)) others.push(`${file}: ${line.trim()}`);
        if (line.includes('<YYYYMMDDTHHMMSSZ>') && !line.includes(KEY_NAME_FORMAT) && !line.includes('<YYYYMMDDTHHMMSSZ>-<4')) {
          others.push(`${file}: ${line.trim()}`);
        }
      }
    }
    expect(others).toEqual([]);
    expect(everyDocument.filter((d) => d.text.includes(KEY_NAME_FORMAT)).length).toBeGreaterThanOrEqual(3);
  });
});

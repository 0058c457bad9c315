// The steps of a workflow, a list of steps or a single step, each with its job's other steps (where
// the outputs it reads come from).

export interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

export interface LocatedStep {
  step: Step;
  /** The steps of the same job (or snippet), in order. */
  job: Step[];
  where: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStep = (value: unknown): value is Step => isObject(value) && ('uses' in value || 'run' in value);

export function stepsOf(value: unknown, where: string): LocatedStep[] {
  const locate = (job: Step[], label: string) => job.map((step, index) => ({ step, job, where: `${label} step ${step.id ?? index + 1}` }));
  if (isObject(value) && isObject(value.jobs)) {
    return Object.entries(value.jobs).flatMap(([name, job]) =>
      isObject(job) && Array.isArray(job.steps) ? locate(job.steps.filter(isStep), `${where} job ${name}`) : [],
    );
  }
  if (Array.isArray(value)) return locate(value.filter(isStep), where);
  if (isStep(value)) return locate([value], where);
  return [];
}

/** `steps.<id>.outputs.<name>` read by an expression in a value. */
export function outputsRead(text: string): Array<{ step: string; output: string }> {
  return [...text.matchAll(/\$\{\{[^}]*?\bsteps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)/g)].map((m) => ({
    step: m[1]!,
    output: m[2]!,
  }));
}

/** The Action a step uses, without the ref: `neondatabase/create-branch-action`, `…/actions/rotate-key`. */
export function actionOf(step: Step): string | undefined {
  return step.uses?.replace(/@.*$/, '');
}

/** The keyturn Action a step uses (`rotate-key`, `wait-for-operation`), if any. */
export function keyturnActionOf(step: Step): string | undefined {
  return /\/actions\/([a-z-]+)$/.exec(actionOf(step) ?? '')?.[1];
}

/** The keys of a workflow file the tests read. */
export interface Workflow {
  name?: string;
  on?: { pull_request?: { types?: string[] } };
  permissions?: unknown;
  jobs: Record<string, Job>;
}

export interface Job {
  if?: string;
  permissions?: unknown;
  'runs-on'?: unknown;
  'timeout-minutes'?: unknown;
  steps?: Step[];
}

// Whether a step output may be passed on: the runner prints a step's inputs, its env and its script
// with every expression filled in, and masks only secrets and what an Action masked itself. So an
// output that holds a credential, or a whole API response (a create-branch response holds the
// branch's password), must never be read by another step.

import { actionOf, type Step } from './workflow-steps.js';

/** Outputs of other Actions that hold a credential, unmasked (read from their sources). */
const UNMASKED_CREDENTIAL_OUTPUTS: Record<string, readonly string[]> = {
  'neondatabase/create-branch-action': ['db_url', 'db_url_pooled', 'db_url_with_pooler', 'password'],
};

/** Why passing on `output` of `producer` is unsafe, or undefined when it is safe. */
export function unsafeOutput(producer: Step | undefined, output: string): string | undefined {
  if (!producer) return 'no step of that id runs before it in the same job';
  if (producer.uses) {
    const unmasked = UNMASKED_CREDENTIAL_OUTPUTS[actionOf(producer) ?? ''];
    return unmasked?.includes(output) ? `${producer.uses} outputs ${output} unmasked: it holds a credential` : undefined;
  }
  const writes = outputWrites(producer.run ?? '', output);
  if (writes.length === 0) return 'the step never writes it to $GITHUB_OUTPUT';
  for (const write of writes) {
    if (write.includes('<<')) return 'written whole, with a delimiter: a response, not ids';
    if (/\bcat\b|\bcurl\b/.test(write)) return 'written from a whole response';
    // jq may pass on what it selects only: ids (`[.operations[].id]`, `.branch.id`), never `.`.
    const filter = /\bjq\s+(?:-[a-z]+\s+)*'([^']*)'/.exec(write)?.[1];
    if (/\bjq\b|\.json\b/.test(write) && !/\.id\]?\)?$/.test(filter ?? '')) {
      return `written from a response with a jq filter that is not ids alone (${filter ?? 'none'})`;
    }
  }
  return undefined;
}

/** The script lines that write `output`: `echo "name=…" >> "$GITHUB_OUTPUT"` or `name<<EOF`. */
function outputWrites(script: string, output: string): string[] {
  const name = output.replace(/[-]/g, '\\-');
  const line = new RegExp(`(^|[\\s'"{;])${name}(=|<<)`);
  return script.split('\n').filter((l) => line.test(l));
}

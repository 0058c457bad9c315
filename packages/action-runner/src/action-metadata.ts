// Reads the inputs and outputs declared in an action.yml, as the runner does before it starts the
// Action (it sets an INPUT_ variable for every declared input, its default when the workflow gives
// none). A reader for the plain subset our action.yml files use: `inputs:`/`outputs:` maps of names
// to `description`, `required` and `default` scalars. No YAML library is installed, and this subset
// is all we write.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/** What an action.yml declares that the runner acts on. */
export interface ActionMetadata {
  /** Each input by name: whether it is required, and its default when it has one. */
  inputs: Record<string, { required: boolean; default?: string }>;
  /** Output names, in the order declared. */
  outputs: string[];
  /** How the runner starts it: `node24` and the bundle it runs. */
  runs: { using?: string; main?: string };
  /** The Marketplace badge: a Feather icon name and a colour. */
  branding: { icon?: string; color?: string };
}

/** Reads the action.yml at `actionYmlPath` (the plain subset described above). */
export function readActionMetadata(actionYmlPath: string): ActionMetadata {
  const metadata: ActionMetadata = { inputs: {}, outputs: [], runs: {}, branding: {} };
  let section = '';
  let current: { required: boolean; default?: string } | undefined;
  for (const line of readFileSync(actionYmlPath, 'utf8').split('\n')) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const top = /^([A-Za-z-]+):/.exec(line);
    if (top) {
      section = top[1]!;
      continue;
    }
    const name = /^ {2}([A-Za-z0-9_][A-Za-z0-9 _-]*):\s*(.*)$/.exec(line);
    if (name) {
      current = undefined;
      if (section === 'inputs') metadata.inputs[name[1]!] = current = { required: false };
      if (section === 'outputs') metadata.outputs.push(name[1]!);
      if (section === 'runs') metadata.runs[name[1] as 'using' | 'main'] = scalar(name[2]!);
      if (section === 'branding') metadata.branding[name[1] as 'icon' | 'color'] = scalar(name[2]!);
      continue;
    }
    const property = /^ {4}(required|default):\s*(.*)$/.exec(line);
    if (property && current) {
      if (property[1] === 'required') current.required = scalar(property[2]!) === 'true';
      else current.default = scalar(property[2]!);
    }
  }
  return metadata;
}

function scalar(text: string): string {
  const value = text.trim();
  if (value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  if (value.startsWith('"') && value.endsWith('"')) return JSON.parse(value) as string;
  return value;
}

/**
 * The folder of an Action installed as a workspace dependency (`@keyturn/action-rotate-key`), as
 * seen from the module at `parentUrl`: callers name the Action they depend on, not a relative path.
 */
export function locateAction(packageName: string, parentUrl: string | URL): string {
  return dirname(createRequire(parentUrl).resolve(`${packageName}/action.yml`));
}

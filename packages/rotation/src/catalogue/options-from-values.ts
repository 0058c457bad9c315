// rotateKey's options from each option's value as a front end read it: the one place a value is
// put where the library takes it (its catalogue `path`), so neither front end maps options by hand.

import type { RotateKeyOptions } from '../options.js';
import { catalogueOptions, type CatalogueName } from './catalogue.js';
import { isCredential } from './option-entry.js';

/** The services a run reaches with a credential of their own: one none is given for is not passed on. */
const SERVICES = ['github', 'gitlab', 'vercel'] as const;

/**
 * rotateKey's options from `values` (by catalogue name; undefined: not given). Each value goes to
 * its option's path; a service none of whose credentials is given is left out, so the library says
 * what needs it. Alert mode's options and those outside rotateKey are not rotateKey's.
 */
export function optionsFromValues(values: Partial<Record<CatalogueName, unknown>>): RotateKeyOptions {
  const options: Record<string, unknown> = {};
  const reached = new Set<string>();
  for (const entry of catalogueOptions()) {
    const value = values[entry.name];
    if (value === undefined || entry.path === undefined || entry.mode === 'alerts') continue;
    const [head, ...rest] = entry.path.split('.') as [string, ...string[]];
    if (isCredential(entry)) reached.add(head);
    setPath(options, [head, ...rest], value);
  }
  for (const service of SERVICES) if (!reached.has(service)) delete options[service];
  return options as RotateKeyOptions;
}

/** Sets `value` at `path`, making the objects on the way; under a value that is no object (`lease: false`), nothing. */
function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    if (target[head] === undefined || typeof value !== 'object') target[head] = value;
    return;
  }
  target[head] ??= {};
  const next = target[head];
  if (typeof next === 'object' && next !== null) setPath(next as Record<string, unknown>, rest, value);
}

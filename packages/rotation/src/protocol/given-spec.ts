// A target named in a notice's action is named as the user writes it in targets or retire-targets:
// its identity may read otherwise (a Codespaces organization secret's has no `:all`: seed 300002471).

import { identityOf } from '../targets/secret-target.js';
import type { RotationContext } from './context.js';

/** A target's spec as the run was given it (listed or retired), from its identity. */
export function specOf(ctx: Pick<RotationContext, 'targets' | 'retire'>, identity: string): string {
  const given = [...ctx.targets, ...ctx.retire.map((r) => r.target)].find((t) => identityOf(t) === identity);
  return given?.describe() ?? identity;
}

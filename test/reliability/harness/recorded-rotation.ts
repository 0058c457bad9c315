// A clean rotation of a fresh rig, run once per test file and kind of key to learn the requests every
// rotation of that rig makes (the cases are built from it, so a protocol change changes the cases with it).

import { type TracedRequest, traceRotation } from './request-trace.js';
import { type RigKind, type RigOptions, startRotationRig } from './rotation-rig.js';

export async function recordRotation(options: RigOptions = {}): Promise<TracedRequest[]> {
  const rig = await startRotationRig(options);
  try {
    const run = await rig.rotate().done;
    if (run.exitCode !== 0) {
      throw new Error(`the clean rotation that the cases are built from failed:\n${run.visibleStdout}\n${run.stderr}`);
    }
    return traceRotation(run, rig);
  } finally {
    await rig.close();
  }
}

export type Credential = NonNullable<RigOptions['credential']>;
/** A kind of key with a GitHub credential: `project/app`. */
export type RigVariant = `${RigKind}/${Credential}`;

/** Records a clean rotation of each variant, all at once; the requests of each, by variant. */
export async function recordVariants(variants: Iterable<RigVariant>): Promise<Map<RigVariant, TracedRequest[]>> {
  const unique = [...new Set(variants)];
  const recorded = await Promise.all(unique.map((variant) => recordRotation(variantOptions(variant))));
  return new Map(unique.map((variant, i) => [variant, recorded[i]!]));
}

export function variantOptions(variant: RigVariant): Required<RigOptions> {
  const [kind, credential] = variant.split('/') as [RigKind, Credential];
  return { kind, credential };
}

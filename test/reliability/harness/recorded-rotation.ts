// A clean rotation of a fresh rig, run once per worker, rig and emulator shape to learn the requests every
// rotation of that rig makes (the cases are built from it, so a protocol change changes the cases with it).

import { type TracedRequest, traceRotation } from './request-trace.js';
import { SHAPE_ENV } from '@keyturn/emulator';
import { type RigKind, type RigOptions, startRotationRig } from './rotation-rig.js';

/**
 * One clean rotation per rig and emulator shape in a worker: the files share workers (isolate: false),
 * and fault-matrix, crash and github-app each learnt the same rigs' requests by a run of their own.
 * Sound: every case already replays a recording on a fresh rig of its own, built the same way.
 */
const recordings = new Map<string, Promise<TracedRequest[]>>();

export async function recordRotation(options: RigOptions = {}): Promise<TracedRequest[]> {
  // Every option the rig takes (defaults filled in), and the shape its emulators answer in.
  const rigKey = JSON.stringify({ kind: 'personal', credential: 'token', ...options, shape: process.env[SHAPE_ENV] ?? 'full' });
  let recording = recordings.get(rigKey);
  if (!recording) {
    recording = recordClean(options);
    recordings.set(rigKey, recording);
    // A failed recording is not kept: the next file records again, and fails with its own error.
    recording.catch(() => recordings.delete(rigKey));
  }
  // Each caller its own copy: a file may not change another's cases.
  return structuredClone(await recording);
}

async function recordClean(options: RigOptions): Promise<TracedRequest[]> {
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

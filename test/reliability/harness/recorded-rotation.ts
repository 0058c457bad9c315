// A clean rotation of a fresh rig, run once per test file and kind of key to learn the requests every
// rotation of that rig makes (the cases are built from it, so a protocol change changes the cases with it).

import { type TracedRequest, traceRotation } from './request-trace.js';
import { type RigOptions, startRotationRig } from './rotation-rig.js';

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

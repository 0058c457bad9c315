// @keyturn/action-runner: runs a bundled GitHub Action the way a runner does, and reads back what the
// runner would (outputs, job summary, masks, annotations, the log as shown), for the Actions' tests,
// the reliability suite, the main job (`pnpm start`) and the benchmarks. One simulator for all of them.

export {
  type ActionMetadata,
  locateAction,
  readActionMetadata,
} from './action-metadata.js';
export { findLeakedPieces, findLeaks } from './leaks.js';
export { type LocalActionRun, readOutputsTable, runLocalAction } from './local-action.js';
export { DURATION, logPattern } from './log-patterns.js';
export {
  type ActionRun,
  type Annotation,
  inputEnvName,
  type RunActionOptions,
  runAction,
} from './run-action.js';
export { parseFileCommands, parseWorkflowCommand, type WorkflowCommand } from './runner-files.js';

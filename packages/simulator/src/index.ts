// The deterministic simulator of rotateKey (README.md): one seed, one exact history.

export { expectedOutcome, FAULT_KINDS, type FaultKind, type Step, type TracedRequest } from './fault-kinds.js';
export { type HistoryOptions, type HistoryResult, runHistory } from './history.js';
export { createRng, type Rng } from './prng.js';
export { Simulation, type RunResult, type RunSpec } from './simulation.js';
export { VirtualTime } from './virtual-time.js';
export {
  type CrashCase,
  crashCases,
  type FaultCase,
  faultCases,
  CODESPACES_MATRIX_TARGETS,
  GITLAB_MATRIX_TARGETS,
  MATRIX_TARGETS,
  type MatrixRequest,
  type MatrixTargetSet,
  type Recorded,
  recordAll,
  recordCodespaces,
  recordGitLab,
  recordVercel,
  VERCEL_MATRIX_TARGETS,
  recordKeep2,
} from './matrix.js';
export { type CaseResult, runCrashCase, runFaultCase } from './matrix-cases.js';
export {
  type PersistCase,
  persistCases,
  persistPatterns,
  type PersistResult,
  recordPersistRigs,
  runPersistCase,
} from './persist-matrix.js';
export { runStuckScenario, type StuckScenarioResult } from './stuck-scenario.js';
export { Coverage, installProbeCollector, probeCatalogue } from './coverage.js';
export { type HistoryFacts, historyFacts } from './history-facts.js';
export {
  buildLeakRig,
  leakCrashCases,
  leakFaultCases,
  recordLeakRuns,
  runLeakCrashCase,
  runLeakFaultCase,
  type StartLeakRig,
  startLeakRig,
} from './leak-matrix.js';
export {
  ALERT_SECRET_TYPE,
  alertCrashCases,
  alertFaultCases,
  recordAlertRuns,
  runAlertCrashCase,
  runAlertFaultCase,
} from './alert-matrix.js';
export {
  describePlan,
  PROPERTY_FIXED_SEED,
  PROPERTY_FOUND_SEEDS,
  playSequence,
  type RunEnd,
  type RunOutcome,
  type RunPlan,
  type SequenceInputs,
  type SequenceRequest,
  type SequenceResult,
  type SequenceRun,
  type SequenceWorld,
} from './property-sequence.js';
export { type SimulatedSequenceWorld, startSimulatedSequenceWorld } from './property-world.js';
export { hungSince, lastSeq, type RequestMatch, runKilledAt } from './kill-at-request.js';
export { joinStoredRecord, type StoredRecord, splitStoredRecord } from './stored-record.js';
export { listVariables, putVariable } from './home-variables.js';
export { type HourlyOutcome, type HourlyScenario, type KeyLife, playHourly } from './clock-scenario.js';

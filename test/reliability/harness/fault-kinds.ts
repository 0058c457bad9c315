// The rotation fault matrix's fault kinds and the outcome DESIGN.md promises for each live in the
// simulator (packages/simulator/src/fault-kinds.ts), which runs every one of them on every request;
// the process-level suites arm the same kinds on the bundled Action.

export { expectedOutcome, FAULT_KINDS, type FaultKind } from '@keyturn/simulator';

/** The program runner (issue 4): runtimes, the stored run state, the pure state machine and the ending of a run that cannot be read. */
export * from './runtime.ts';
export * from './run-state.ts';
export * from './run-step.ts';
export * from './runner.ts';
export * from './run-decision.ts';
export { findPendingCommand } from './command-answers.ts';
export * from './run-timing.ts';
export * from './run-display.ts';
export * from './recovery.ts';
export * from './irrigation-history.ts';

/** The program runner (issue 4): runtimes, the stored run state and the pure state machine. */
export * from './runtime.ts';
export * from './run-state.ts';
export * from './runner.ts';

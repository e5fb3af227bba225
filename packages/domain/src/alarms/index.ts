export * from './rules.ts';
export * from './delivery.ts';
export * from './fan-should-run.ts';

export * from './rules.ts';
export * from './delivery.ts';

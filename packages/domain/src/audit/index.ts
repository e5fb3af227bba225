export * from './chain.ts';
export * from './redact.ts';

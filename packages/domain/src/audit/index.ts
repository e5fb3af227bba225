export * from './chain.ts';
export * from './redact.ts';
export * from './words.ts';

export * from './quality.ts';
export * from './days.ts';
export * from './intervals.ts';
export * from './consent.ts';
export * from './file.ts';

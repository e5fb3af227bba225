export * from './exports.ts';

export * from './roles.ts';
export * from './grants.ts';
export * from './permission-change.ts';

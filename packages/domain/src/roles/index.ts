export * from './roles.ts';
export * from './grants.ts';

/**
 * Add-ons (issue 14): things and their conditions, pump actions, water used per zone; flow
 * supervision while zones run (issue 30).
 */
export * from './things.ts';
export * from './pump-actions.ts';
export * from './water-use.ts';
export * from './flow-supervision.ts';
export * from './flow-action-words.ts';

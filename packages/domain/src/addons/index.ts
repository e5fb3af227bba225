/** Add-ons (issue 14): things and their conditions, pump actions, water used per zone. */
export * from './things.ts';
export * from './pump-actions.ts';
export * from './water-use.ts';

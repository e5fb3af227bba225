export * from './events.ts';
export * from './delivery.ts';
export * from './signature.ts';

/** Shared test data builders (§3 entities), for tests, the server seed and the simulator. */
export * from './factories.ts';
export * from './random.ts';

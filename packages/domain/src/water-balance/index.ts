/**
 * Water by need (issue 30, items 3–5): the soil water balance of a zone (FAO-56 chapter 8), the
 * "water the deficit" program mode, and the skip and adjust rules of a program, with the settings'
 * schemas the API will take.
 */
export * from './bucket.ts';
export * from './deficit.ts';
export * from './deficit-run.ts';
export * from './skip-rules.ts';
export * from './schemas.ts';
export * from './program-decision.ts';
export * from './rain-window.ts';
export * from './parameters.ts';

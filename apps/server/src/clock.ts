/**
 * The server's one way to read the time: every part (routes, the runner, ingest, sweeps) is
 * given a Clock, so tests move time with a clock of their own instead of waiting for it.
 */
export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };

/** Telemetry charts (issue 4, §9 chart intervals and options): windows, buckets, the series contract. */
export * from './buckets.ts';
export * from './series.ts';
export * from './csv.ts';
export * from './instant-text.ts';
export * from './retention.ts';

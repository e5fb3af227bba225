export * from './rules.ts';
export * from './schemas.ts';

export * from './night.ts';
export * from './compliance.ts';
export * from './summary.ts';
export * from './fans.ts';
export * from './fan-command.ts';
export * from './inversion.ts';
export * from './report-tables.ts';
export * from './night-tables.ts';
export * from './forecast.ts';
export * from './forecast-schemas.ts';

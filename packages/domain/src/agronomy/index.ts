export * from './formulas.ts';
export * from './accumulate.ts';
export * from './et0.ts';
export * from './et0-hourly.ts';
export * from './et0-day.ts';

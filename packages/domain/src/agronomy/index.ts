export * from './formulas.ts';
export * from './accumulate.ts';

/** §9 business constants, limits and their small pure helpers, grouped by concern. */
export * from './alarm-templates.ts';
export * from './charts.ts';
export * from './colour-bands.ts';
export * from './colours.ts';
export * from './display.ts';
export * from './environment.ts';
export * from './limits.ts';
export * from './map.ts';
export * from './sorting.ts';
export * from './thresholds.ts';
export * from './timezone.ts';
export * from './timing.ts';
export * from './weather.ts';
export * from './summary-kinds.ts';

/** §4 states and transitions: pure rules over narrow inputs that the §3 entities satisfy. */
export type { Instant } from './time.ts';
export * from './thresholds.ts';
export * from './program.ts';
export * from './irrigation-colour.ts';
export * from './zone.ts';
export * from './program-client-status.ts';
export * from './control.ts';
export * from './device-status.ts';
export * from './radio-state.ts';
export * from './hardware-filters.ts';
export * from './map-selection.ts';
export * from './notification-test.ts';

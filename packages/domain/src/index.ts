/**
 * @paddock/domain: the spec's rule book, pure and clock-free. One folder per part of the spec:
 * entities (§3), states (§4), validation (§5), roles (§6), routing (§2), constants (§9).
 */
export * from './entities/index.ts';
export * from './states/index.ts';
export * from './validation/index.ts';
export * from './roles/index.ts';
export * from './routing/index.ts';
export * from './constants/index.ts';
export * from './field/index.ts';
export * from './telemetry/index.ts';
export * from './irrigation/index.ts';
export * from './maintenance/index.ts';
export * from './fleet/index.ts';
export * from './requests/index.ts';
export * from './addons/index.ts';
export * from './frost/index.ts';
export * from './reports/index.ts';
export * from './alarms/index.ts';
export * from './contract/index.ts';
export * from './agronomy/index.ts';
export * from './water-take/index.ts';
export * from './water-balance/index.ts';
export * from './webhooks/index.ts';
export * from './audit/index.ts';
export * from './lorawan/index.ts';

/**
 * The simulator's public face: the server runs the virtual demo farm in-process through
 * `startSimulator`, benchmarks drive `runScale`, and `backfill` writes history for the charts.
 * It speaks the field protocol, and for radios with a devEUI a LoRaWAN network server's MQTT
 * integration: it never imports server code.
 */
export * from './battery.ts';
export { backfill, parseSpan, type BackfillOptions, type BackfillResult } from './backfill.ts';
export {
  NO_MATCHING_SUBSCRIBERS,
  publishConfirmed,
  type ConfirmedPublishOptions,
} from './confirmed-publish.ts';
export { DEFAULT_CONTROL_PORT } from './control-server.ts';
export type { DeviceSummary } from './device.ts';
export type { HistoryChunk, HistorySeries, HistoryThing } from './history.ts';
export { UnknownTargetError, type Fault, type FaultFilter, type FaultInput } from './faults.ts';
export { parseKeysListing } from './keys.ts';
export {
  SIMULATED_FFST,
  airAtT2,
  nightMinimum,
  nightTemperatures,
  type FfstPhysics,
  type NightInput,
  type NightTemperatures,
} from './radiative-night.ts';
export { gaussian, seededRandom, type Random } from './random.ts';
export { radioWear, wearRole, type WearRole } from './wear.ts';
export { runScale, type ScaleOptions, type ScaleResult } from './scale.ts';
// A valve's flow: the demo farm's zones are designed for what the simulator's valves pass.
export { VALVE_FLOW_M3H } from './water.ts';
export {
  startSimulator,
  type NetworkServerLink,
  type Simulator,
  type SimulatorHistory,
  type SimulatorLog,
  type SimulatorOptions,
  type SimulatorSite,
} from './simulator.ts';

/**
 * Water on the virtual farm: what a mainline meter sees while valves and pivots run, and the
 * stock-water tanks whose outlet meters follow the day's demand and which a float switch refills.
 * Pure: the caller passes the elapsed hours and what ran in them.
 */

/** m³/h through one open zone valve (drip or micro-sprinklers on a block). */
export const VALVE_FLOW_M3H = 9;
/** m³/h a running centre pivot draws. */
export const PIVOT_FLOW_M3H = 45;
/** mm/h a zone gets while its valves run. */
export const ZONE_APPLICATION_MM_H = 4;
/**
 * mm/h a pivot's sectors get on average while it runs: it covers one sector at a time, so each
 * sees its share of the pass.
 */
export const PIVOT_APPLICATION_MM_H = 2;

/** Mainline flow (m³/h) with these many valves and pivots running. */
export function mainlineFlow(openValves: number, runningPivots: number): number {
  return openValves * VALVE_FLOW_M3H + runningPivots * PIVOT_FLOW_M3H;
}

/** How much of its flow a burst zone passes while it runs (a split lateral or a lost emitter). */
export const BURST_FACTOR = 1.6;
/** How much of its flow a blocked zone passes while it runs (a clogged filter or emitters). */
export const BLOCKED_FACTOR = 0.2;

/**
 * The water faults in force on a site (faults.ts: burst, blocked, leak), as the meters need them:
 * a factor on each faulted zone's flow and a constant flow (m³/h) on each leaking meter.
 */
export type WaterFaults = {
  zoneFactors: ReadonlyMap<number, number>;
  leaksM3h: ReadonlyMap<number, number>;
};

export const NO_WATER_FAULTS: WaterFaults = { zoneFactors: new Map(), leaksM3h: new Map() };

/** The share of its flow a zone passes: 1 unless it is burst or blocked. */
export function zoneFactor(faults: WaterFaults, sectionId: number | null): number {
  return sectionId === null ? 1 : (faults.zoneFactors.get(sectionId) ?? 1);
}

/** A leak is given in L/min (what a farmer sizes it in); meters count m³/h. */
export function litresPerMinuteToM3h(litresPerMinute: number): number {
  return (litresPerMinute * 60) / 1000;
}

export type TankProfile = {
  capacityM3: number;
  /** m³/h the refill pump delivers. */
  refillM3h: number;
  /** The float switch starts the refill below this level (%)… */
  refillBelow: number;
  /** …and stops it here. */
  refillUntil: number;
};

export const STOCK_TANK: TankProfile = {
  capacityM3: 30,
  refillM3h: 5,
  refillBelow: 35,
  refillUntil: 95,
};

export type TankState = { level: number; refilling: boolean };

/** Stock-water demand (m³/h): little at night, most in the warm middle of the day. */
export function stockDemand(solar: number): number {
  return 0.2 + 2.3 * solar;
}

export function stepTank(
  state: TankState,
  hours: number,
  outflowM3h: number,
  tank: TankProfile = STOCK_TANK,
): TankState {
  const inflow = state.refilling ? tank.refillM3h : 0;
  const level = Math.min(
    100,
    Math.max(0, state.level + (((inflow - outflowM3h) * hours) / tank.capacityM3) * 100),
  );
  const refilling = state.refilling ? level < tank.refillUntil : level < tank.refillBelow;
  return { level, refilling };
}

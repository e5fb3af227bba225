/**
 * A frost fan: a diesel engine on a tower that its controller starts when the canopy cools
 * towards freezing and stops once it has warmed again (the events the demo farm tells of: started
 * at 0.5 °C, stopped at 3.0 °C), or at once in wind, which mixes the air as well as a fan and
 * blows the inversion away. While it runs it burns fuel, counts engine hours and keeps its
 * battery charged; an operator tops the tank up the morning after it fell below the warning
 * level. An engine fault stops it until it is cleared. Its controller also takes a start or stop
 * from the console (issue 31, the field protocol's fanStart and fanStop). Pure: the caller passes
 * the elapsed (simulated) hours and the weather in.
 */
import {
  ENGINE_TRIP_HOURS,
  FAN_CHART_METRICS,
  FAN_ENGINE_FAULT_METRIC,
  FAN_METRICS,
  fanTriggerCode,
  FROST_FAN_WIND_SPEED_KPH,
  FUEL_FAULT_PERCENT,
  FUEL_WARNING_PERCENT,
  type FanCommandAction,
  type FanTriggerName,
} from '@paddock/domain';
import { batteryVolts, FAN_CONTROLLER_BATTERY } from './battery.ts';
import { gaussian, type Random } from './random.ts';

export const FROST_FAN = {
  /** Starts when the canopy falls below this (°C). */
  startBelow: 0.5,
  /** Stops when the canopy it stirs is back above this (°C). */
  stopAbove: 3,
  /** How much warmer the canopy is while the fan mixes the inversion's warm air down (°C). */
  warming: 1.5,
  /** Controllers differ: each fan's start temperature is within this of startBelow (°C). */
  startSpread: 0.3,
  /** A block's canopy is this much colder or warmer than the site's at most (°C): cold spots. */
  coldSpotSpread: 0.4,
  /** The controller shuts down above this wind (kph): the Marlborough consent figure. */
  windStopKph: 8,
  rpm: 2350,
  /** A 400 L tank at 16 L/h. */
  fuelPercentPerHour: 4,
  /** The tank is filled up this long after a run that left it below the warning level. */
  refuelAfterHours: 2,
  /** Hours of darkness the solar panel makes up for each hour of sunshine. */
  solarChargeRatio: 6,
} as const;

export type FanState = {
  running: boolean;
  /** %. */
  fuelLevel: number;
  /** Hours of the current (or last) run. */
  tripHours: number;
  /** Engine hours. */
  totalHours: number;
  /** Hours the controller battery has drawn down since it was last full. */
  hoursSinceCharge: number;
  /** Hours since the engine last stopped. */
  stoppedHours: number;
  /** Coolant temperature (°C). */
  coolant: number;
  /** Its controller's start temperature (°C). */
  startBelow: number;
  /** How much colder (negative) or warmer its block's canopy is than the site's (°C). */
  coldSpot: number;
  /** The engine has faulted: it stays stopped and reports the fault until cleared. */
  fault: boolean;
  /** Calibration offsets of the controller's canopy, tower and backup probes (°C). */
  offsets: { canopy: number; tower: number; backup: number };
  /**
   * The last command from the console, held by the controller: a start runs the fan whatever
   * its start temperature and the wind (the user took that on) until a stop, an engine fault, an
   * empty tank or the trip hours; a stop keeps it off until the night is over (the canopy back
   * above the stop temperature), when the controller is automatic again. Absent: automatic.
   */
  remote?: FanCommandAction | null;
  /** What started the current (or last) run, reported as fan.trigger; absent: auto. */
  trigger?: FanTriggerName;
};

export function newFanState(random: Random, airTemperature: number): FanState {
  return {
    running: false,
    fuelLevel: 60 + random() * 40,
    tripHours: random() * 6,
    totalHours: 300 + random() * 400,
    hoursSinceCharge: 0,
    stoppedHours: 48,
    coolant: airTemperature,
    startBelow: round(FROST_FAN.startBelow + (random() * 2 - 1) * FROST_FAN.startSpread, 1),
    coldSpot: round((random() * 2 - 1) * FROST_FAN.coldSpotSpread, 2),
    fault: false,
    offsets: {
      canopy: round((random() - 0.5) * 0.4, 1),
      tower: round((random() - 0.5) * 0.4, 1),
      backup: 0,
    },
  };
}

export type FanConditions = {
  /** The site's canopy temperature without the fan's warming or the block's cold spot (°C). */
  canopyTemperature: number;
  airTemperature: number;
  /** kph. */
  windSpeed: number;
  /** 0–1, charges the controller's battery. */
  solar: number;
};

/** Whether the controller runs the fan in these conditions, given whether it runs now. */
function shouldRun(state: FanState, conditions: FanConditions): boolean {
  if (state.fault) return false;
  if (state.remote === 'stop') return false;
  if (state.remote === 'start') {
    return state.fuelLevel > 0 && (!state.running || state.tripHours < ENGINE_TRIP_HOURS);
  }
  // The chart's limit (§9, 100 kph) is far above where any controller lets a fan run.
  const windStop = Math.min(FROST_FAN.windStopKph, FROST_FAN_WIND_SPEED_KPH);
  if (conditions.windSpeed > windStop) return false;
  const canopy = conditions.canopyTemperature + state.coldSpot;
  if (state.running) {
    const stirred = conditions.canopyTemperature + fanWarming(state);
    return (
      stirred <= FROST_FAN.stopAbove && state.fuelLevel > 0 && state.tripHours < ENGINE_TRIP_HOURS
    );
  }
  return canopy <= state.startBelow && state.fuelLevel > FUEL_FAULT_PERCENT;
}

/**
 * The controller takes a command from the console: at once, so the next report (which the device
 * sends straight after the command) shows the engine's RPM or its stop.
 */
export function commandFrostFan(
  state: FanState,
  action: FanCommandAction,
  conditions: FanConditions,
): FanState {
  return stepFrostFan({ ...state, remote: action }, 0, conditions);
}

/** The command the controller still holds after a step: see FanState.remote. */
function heldCommand(state: FanState, running: boolean, conditions: FanConditions) {
  if (state.remote === 'start') return running ? 'start' : null;
  if (state.remote === 'stop') {
    return conditions.canopyTemperature + state.coldSpot > FROST_FAN.stopAbove ? null : 'stop';
  }
  return null;
}

export function stepFrostFan(state: FanState, hours: number, conditions: FanConditions): FanState {
  const running = shouldRun(state, conditions);
  const remote = heldCommand(state, running, conditions);
  if (running) {
    const starting = !state.running;
    return {
      ...state,
      running,
      remote,
      trigger: starting ? (state.remote === 'start' ? 'remote' : 'auto') : state.trigger,
      fuelLevel: Math.max(0, state.fuelLevel - FROST_FAN.fuelPercentPerHour * hours),
      tripHours: (starting ? 0 : state.tripHours) + hours,
      totalHours: state.totalHours + hours,
      hoursSinceCharge: 0,
      stoppedHours: 0,
      coolant: 85 + (state.coolant - 85) * Math.exp(-hours / 0.2),
    };
  }
  const stoppedHours = state.stoppedHours + hours;
  const refuel =
    state.fuelLevel < FUEL_WARNING_PERCENT && stoppedHours >= FROST_FAN.refuelAfterHours;
  const hoursSinceCharge =
    conditions.solar > 0.3
      ? Math.max(0, state.hoursSinceCharge - FROST_FAN.solarChargeRatio * hours)
      : state.hoursSinceCharge + hours;
  return {
    ...state,
    running,
    remote,
    fuelLevel: refuel ? 100 : state.fuelLevel,
    hoursSinceCharge,
    stoppedHours,
    coolant:
      conditions.airTemperature + (state.coolant - conditions.airTemperature) * Math.exp(-hours),
  };
}

/** Hours a fan takes to mix the inversion's warm air down to the canopy. */
const MIXING_HOURS = 0.5;

/**
 * How much warmer than the site's canopy the fan's block reads: its cold spot and its stirring
 * (°C), which builds up over the first half hour of a run, so the canopy at a start is the cold
 * one that started it.
 */
export function fanWarming(state: FanState): number {
  const stirring = state.running ? Math.min(1, state.tripHours / MIXING_HOURS) : 0;
  return state.coldSpot + FROST_FAN.warming * stirring;
}

/**
 * The fan controller's readings by metric (fan.{key} of §9's fan chart metrics). `lowBattery`
 * stands for a controller whose battery is nearly spent.
 */
export function fanReadings(
  state: FanState,
  conditions: { windSpeed: number; towerTemperature: number; lowBattery: boolean },
  random: Random,
): Record<string, number> {
  const battery = conditions.lowBattery
    ? batteryVolts(FAN_CONTROLLER_BATTERY, FAN_CONTROLLER_BATTERY.lifeHours * 0.97)
    : state.running
      ? 13.8
      : batteryVolts(FAN_CONTROLLER_BATTERY, state.hoursSinceCharge);
  const noisy = (value: number, spread: number) => value + spread * gaussian(random);
  return {
    [FAN_METRICS.battery]: round(battery, 2),
    [FAN_METRICS.rpm]: state.running ? Math.round(noisy(FROST_FAN.rpm, 15)) : 0,
    [FAN_METRICS.windSpeed]: round(conditions.windSpeed, 1),
    [FAN_METRICS.fuelLevel]: round(state.fuelLevel, 1),
    [FAN_METRICS.trip]: round(state.tripHours, 2),
    [FAN_METRICS.total]: round(state.totalHours, 1),
    [FAN_METRICS.oilPressure]: state.running ? Math.round(noisy(350, 5)) : 0,
    [FAN_METRICS.coolantTemperature]: round(state.coolant, 1),
    [FAN_METRICS.torque]: state.running ? Math.round(noisy(65, 2)) : 0,
    [FAN_METRICS.canopyOffset]: state.offsets.canopy,
    [FAN_METRICS.towerOffset]: state.offsets.tower,
    [FAN_METRICS.backupOffset]: state.offsets.backup,
    [FAN_METRICS.towerTemperature]: round(conditions.towerTemperature + noisy(0, 0.1), 1),
    [FAN_METRICS.trigger]: fanTriggerCode(state.trigger ?? 'auto'),
    [FAN_ENGINE_FAULT_METRIC]: state.fault ? 1 : 0,
  };
}

/**
 * Every metric a fan controller reports, whether or not the server listed it in the config:
 * §9's chart metrics, the tower temperature, what started the run and the engine fault.
 */
export const FAN_CONTROLLER_METRICS = [
  ...FAN_CHART_METRICS,
  FAN_METRICS.towerTemperature,
  FAN_METRICS.trigger,
  FAN_ENGINE_FAULT_METRIC,
] as const;

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

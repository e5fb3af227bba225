/**
 * Battery model of a virtual radio or unit. Field batteries sit near full charge for most of
 * their life and fall away quickly at the end, so the voltage follows a gentle linear slope
 * and then a steep knee; a solar top-up during daylight slows the drain. Pure: the simulator
 * passes the elapsed time in.
 */
export type BatteryModel = {
  /** Voltage when new (V). */
  fullVolts: number;
  /** Voltage at which the device stops reporting (V). */
  emptyVolts: number;
  /** Hours from full to empty without any charging. */
  lifeHours: number;
};

/** A WVC/WMR/LoRa radio cell: spec §9 gives 3.3 V as the low-battery threshold and 3 V as empty. */
export const RADIO_BATTERY: BatteryModel = { fullVolts: 3.6, emptyVolts: 3.0, lifeHours: 24 * 365 };

/** Frost-fan controller battery: spec §9 gives 12 V as the threshold and 10.7 V as empty. */
export const FAN_CONTROLLER_BATTERY: BatteryModel = {
  fullVolts: 12.8,
  emptyVolts: 10.7,
  lifeHours: 24 * 60,
};

/** Share of the life spent on the gentle slope before the knee. */
const KNEE = 0.85;
/** Share of the voltage range lost on the gentle slope. */
const SLOPE_DROP = 0.35;

/** Battery voltage after `hours` of use, rounded to the millivolt as a device would report it. */
export function batteryVolts(model: BatteryModel, hours: number): number {
  const range = model.fullVolts - model.emptyVolts;
  const used = Math.min(Math.max(hours / model.lifeHours, 0), 1);
  const lost =
    used <= KNEE
      ? (used / KNEE) * SLOPE_DROP * range
      : SLOPE_DROP * range + ((used - KNEE) / (1 - KNEE)) ** 2 * (1 - SLOPE_DROP) * range;
  return Math.round((model.fullVolts - lost) * 1000) / 1000;
}

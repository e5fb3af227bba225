/**
 * Thresholds of §9: where a reading turns into a warning or a fault, and the few limits on
 * what a user may enter. Comparisons live with the rules that use them (§4 states).
 */

/** A radio whose signal is below this (dBm) has a weak signal (§4 warning). */
export const SIGNAL_STRENGTH_THRESHOLD_DBM = -99;
/** A radio whose battery is below this (V) has a low battery (§4 warning). */
export const BATTERY_VOLTAGE_THRESHOLD_V = 3.3;
/** A radio battery at this voltage (V) is shown empty (the bottom of the battery gauge). */
export const BATTERY_EMPTY_V = 3;
/**
 * The "recent update" threshold. The spec gives no unit or use; decision: kept unit-less, and the
 * rule that consumes it names its unit.
 */
export const RECENT_UPDATE_THRESHOLD = 3;
/** Missed reports threshold of a radio (§3 missesValue). */
export const RADIO_MISSES_THRESHOLD = 10;
/** A program holds at most this many sequences. */
export const MAX_SEQUENCES_PER_PROGRAM = 4;
/** A frost fan controller's battery below this (V) is low. */
export const FROST_FAN_BATTERY_THRESHOLD_V = 12;
/** A frost fan controller's battery at this voltage (V) is shown empty. */
export const FROST_FAN_BATTERY_EMPTY_V = 10.7;
/** Frost fan fuel level (%) of the warning threshold. */
export const FUEL_WARNING_PERCENT = 49;
/** Frost fan fuel level (%) of the fault threshold. */
export const FUEL_FAULT_PERCENT = 12;
/** Frost fan engine trip threshold, in engine hours. */
export const ENGINE_TRIP_HOURS = 24;
/** Frost fan wind speed threshold (kph; §9 gives wind in kph). */
export const FROST_FAN_WIND_SPEED_KPH = 100;
/** Canopy temperature threshold (°C): freezing. */
export const CANOPY_TEMPERATURE_C = 0;
/**
 * A canopy radio is drawn shifted from its section's location by this much so both markers show.
 * The spec gives no unit; decision: screen pixels.
 */
export const CANOPY_RADIO_POSITION_OFFSET_PX = 50;
/** Both fields of the change-password form need at least this many characters (§5). */
export const MIN_PASSWORD_LENGTH_ON_CHANGE = 6;

/**
 * The §9 thresholds the hardware rules compare against, taken from `src/constants/` (where the
 * values live once); the comparisons live with the rules that use them.
 */
import {
  BATTERY_VOLTAGE_THRESHOLD_V,
  SIGNAL_STRENGTH_THRESHOLD_DBM,
} from '../constants/thresholds.ts';

/** Thresholds of the radio state and hardware warning rules; a caller may pass its own. */
export type HardwareThresholds = {
  /** A signal (dBm) strictly below this is weak. */
  signal: number;
  /** A battery voltage (V) strictly below this is low. */
  battery: number;
};

/** §9 "signal strength -99; battery voltage 3.3". */
export const defaultHardwareThresholds: HardwareThresholds = {
  signal: SIGNAL_STRENGTH_THRESHOLD_DBM,
  battery: BATTERY_VOLTAGE_THRESHOLD_V,
};

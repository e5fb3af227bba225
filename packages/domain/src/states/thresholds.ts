/**
 * The few §9 values the §4 state rules need. They are spelled here so the states do not wait on
 * `src/constants/`; the lead may later point both at one module (the values must stay identical).
 */

/** §9 "signal strength -99": a signal below this is weak (radio warning, hardware warning filter). */
export const WEAK_SIGNAL_THRESHOLD = -99;

/** §9 "battery voltage 3.3": a battery below this is low (radio warning, hardware warning filter). */
export const LOW_BATTERY_THRESHOLD = 3.3;

/** Thresholds the hardware rules compare against; defaults are §9's. */
export type HardwareThresholds = {
  /** Signal strictly below this is weak. */
  signal: number;
  /** Battery voltage strictly below this is low. */
  battery: number;
};

/** §9 thresholds for radios and units. */
export const defaultHardwareThresholds: HardwareThresholds = {
  signal: WEAK_SIGNAL_THRESHOLD,
  battery: LOW_BATTERY_THRESHOLD,
};

/** §9 hardware filter codes: all 0, warning -1, fault -2 (stored as the hardwareFilter preference). */
export const hardwareFilterCodes = { all: 0, warning: -1, fault: -2 } as const;
export type HardwareFilterCode = (typeof hardwareFilterCodes)[keyof typeof hardwareFilterCodes];

/** §9 colours of the named states (hex as the spec spells them). */
export const stateColours = {
  fault: '#F44336',
  warning: '#F4D03F',
  info: '#03A9F4',
  running: '#448AFF',
  /** §9 "irrigated/success". */
  irrigated: '#4CAF50',
  stopped: '#ECEFF1',
  paused: '#FFB300',
  test: '#f60',
  selected: '#9c28b7',
} as const;
export type StateColourName = keyof typeof stateColours;
export type StateColour = (typeof stateColours)[StateColourName];

/** Radio map state and danger colour of radios and units (§4). */
import { defaultHardwareThresholds, type HardwareThresholds } from './thresholds.ts';

export type RadioState =
  'normal' | 'fault' | 'repeater-fault' | 'warning' | 'repeater-warning' | 'repeater';

/** The part of a radio (§3) the state reads; a full `Radio` is assignable. */
export type RadioStateInput = {
  config?: { repeater?: boolean | null } | null;
  overdue?: boolean | null;
  fault?: boolean | null;
  batteryValue?: number | null;
  signalValue?: number | null;
};

/** §9: a battery strictly below the threshold is low; an unreported battery is not. */
export function isLowBattery(
  batteryValue: number | null | undefined,
  threshold = defaultHardwareThresholds.battery,
): boolean {
  return typeof batteryValue === 'number' && batteryValue < threshold;
}

/** §9: a signal strictly below the threshold is weak; an unreported signal is not. */
export function isWeakSignal(
  signalValue: number | null | undefined,
  threshold = defaultHardwareThresholds.signal,
): boolean {
  return typeof signalValue === 'number' && signalValue < threshold;
}

/**
 * §4 radio state: null is normal; overdue or fault is fault (repeater-fault for repeaters); low
 * battery or weak signal is warning (repeater-warning); otherwise repeater if repeater; else normal.
 */
export function radioState(
  radio: RadioStateInput | null | undefined,
  thresholds: HardwareThresholds = defaultHardwareThresholds,
): RadioState {
  if (!radio) return 'normal';
  const repeater = radio.config?.repeater === true;
  if (radio.overdue === true || radio.fault === true) return repeater ? 'repeater-fault' : 'fault';
  if (
    isLowBattery(radio.batteryValue, thresholds.battery) ||
    isWeakSignal(radio.signalValue, thresholds.signal)
  ) {
    return repeater ? 'repeater-warning' : 'warning';
  }
  return repeater ? 'repeater' : 'normal';
}

/**
 * §4 "Radios and units are danger colour when overdue; a radio also when faulted". A unit's fault
 * (it has none in §3) is not read.
 */
export function isDangerColour(
  device: { overdue?: boolean | null; fault?: boolean | null },
  kind: 'radio' | 'unit',
): boolean {
  return device.overdue === true || (kind === 'radio' && device.fault === true);
}

/** Hardware (radios and units) warning and fault filters and counts of the maintenance list (§4, §9). */
import { isLowBattery, isWeakSignal } from './radio-state.ts';
import { HARDWARE_FILTER, type HardwareFilter } from '../constants/sorting.ts';
import { defaultHardwareThresholds, type HardwareThresholds } from './thresholds.ts';

/** The health fields of a radio or unit (§3); units carry only overdue. Full entities are assignable. */
export type HardwareHealthInput = {
  overdue?: boolean | null;
  fault?: boolean | null;
  online?: boolean | null;
  batteryValue?: number | null;
  signalValue?: number | null;
};

/**
 * §4 "Hardware warning filter: not overdue and (signal below threshold, or battery below threshold,
 * or offline without fault)". Decision: offline means online is false; absent online is not offline.
 */
export function isHardwareWarning(
  hardware: HardwareHealthInput,
  thresholds: HardwareThresholds = defaultHardwareThresholds,
): boolean {
  if (hardware.overdue === true) return false;
  return (
    isWeakSignal(hardware.signalValue, thresholds.signal) ||
    isLowBattery(hardware.batteryValue, thresholds.battery) ||
    (hardware.online === false && hardware.fault !== true)
  );
}

/** §4 "Fault filter: fault or overdue". */
export function isHardwareFault(hardware: HardwareHealthInput): boolean {
  return hardware.fault === true || hardware.overdue === true;
}

/** Counts of the maintenance list (§4). */
export type HardwareHealthCounts = { warnings: number; faults: number; overdue: number };

/**
 * §4 counts. "Overdue hardware is excluded from fault and warning counts": so, unlike the fault
 * filter, the fault count holds only hardware with a fault that is not overdue; warnings are the
 * warning filter (which already excludes overdue). Overdue hardware is counted on its own.
 */
export function hardwareCounts(
  list: readonly HardwareHealthInput[],
  thresholds: HardwareThresholds = defaultHardwareThresholds,
): HardwareHealthCounts {
  const counts: HardwareHealthCounts = { warnings: 0, faults: 0, overdue: 0 };
  for (const hardware of list) {
    if (hardware.overdue === true) counts.overdue += 1;
    else if (hardware.fault === true) counts.faults += 1;
    if (isHardwareWarning(hardware, thresholds)) counts.warnings += 1;
  }
  return counts;
}

/**
 * §9 hardware filter codes: all 0, warning -1, fault -2. Decision: any other code (an old stored
 * preference) shows all.
 */
export function filterHardware<T extends HardwareHealthInput>(
  list: readonly T[],
  filterCode: HardwareFilter | number,
  thresholds: HardwareThresholds = defaultHardwareThresholds,
): T[] {
  if (filterCode === HARDWARE_FILTER.warning)
    return list.filter((hardware) => isHardwareWarning(hardware, thresholds));
  if (filterCode === HARDWARE_FILTER.fault) return list.filter(isHardwareFault);
  return [...list];
}

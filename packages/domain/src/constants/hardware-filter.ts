/**
 * The hardware list's filter codes (§4 filters) as stored in preferences (§3 hardwareFilter), and
 * the names a link's `?filter=` writes (§2 path builder). Free of zod: the route parser reads
 * them on the console's first load.
 */

/** Hardware list filter codes: every item, warnings only, faults only (§4 filters). */
export const HARDWARE_FILTER = {
  all: 0,
  warning: -1,
  fault: -2,
} as const;

export type HardwareFilterName = keyof typeof HARDWARE_FILTER;
export type HardwareFilter = (typeof HARDWARE_FILTER)[HardwareFilterName];

/** The name of a stored filter code, as a link's `?filter=` writes it (§2 path builder). */
export function hardwareFilterName(filter: HardwareFilter): HardwareFilterName {
  return (Object.keys(HARDWARE_FILTER) as HardwareFilterName[]).find(
    (name) => HARDWARE_FILTER[name] === filter,
  ) as HardwareFilterName;
}

/** Device status of a control from its start request and running flags (§4). */

export type DeviceStatus = 'becomingActive' | 'active' | 'inactive' | 'unknown';

/** The two flags as a control reports them (§3); absent and null both mean "not reported". */
export type DeviceStatusInput = { startRequested?: boolean | null; isRunning?: boolean | null };

/**
 * §4: both present and requested but not running, becoming active; running, active; neither,
 * inactive. One present decides active or inactive. Both missing, unknown.
 */
export function deviceStatus({ startRequested, isRunning }: DeviceStatusInput): DeviceStatus {
  const requestedKnown = startRequested !== undefined && startRequested !== null;
  const runningKnown = isRunning !== undefined && isRunning !== null;
  if (requestedKnown && runningKnown) {
    if (isRunning) return 'active';
    return startRequested ? 'becomingActive' : 'inactive';
  }
  if (runningKnown) return isRunning ? 'active' : 'inactive';
  if (requestedKnown) return startRequested ? 'active' : 'inactive';
  return 'unknown';
}

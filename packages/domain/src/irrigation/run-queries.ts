/** Reads of a run's state that every part of the runner shares; nothing here changes the run. */
import { isOpenRequestStatus } from '../requests/statuses.ts';
import type { Actuator, RunState, ZoneRun } from './run-state.ts';

export function requestActive(s: RunState): boolean {
  return s.request !== null && isOpenRequestStatus(s.request.status);
}

export function zoneOf(s: RunState, id: number): ZoneRun | undefined {
  return s.zones.find((zone) => zone.id === id);
}

export function actuators(s: RunState): Actuator[] {
  return [...s.zones.flatMap((zone) => zone.valves), ...s.pumps];
}

/** A valve that can still water this run: not faulted, and given some water per cycle. */
export function working(valve: Actuator): boolean {
  return valve.fault === null && valve.cycleMs > 0;
}

/** A valve that still owes water this cycle and is closed: it opens when the pumps are ready. */
export function awaitingOpen(valve: Actuator): boolean {
  return valve.phase === 'closed' && valve.fault === null && valve.remainingMs > 0;
}

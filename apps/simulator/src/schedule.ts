/**
 * The irrigation schedule of the past (back-fill and history): each valve zone every third night
 * of the growing season, pivots every fourth; pumps follow their area.
 */
import type { ControlRef, SiteState } from './site.ts';
import { season, solarHour, type Place } from './weather.ts';

/** Whether a control waters at `time` in the back-fill's schedule. */
export function scheduledToRun(control: ControlRef, place: Place, time: Date): boolean {
  if (season(place, time) < -0.3) return false;
  const hour = solarHour(place, time);
  // Nights are counted from local solar noon, so a night's run is one block of time.
  const night = Math.floor((time.getTime() / 3_600_000 + place.lng / 15 - 12) / 24);
  if (control.type === 'valve') {
    const offset = control.sectionId ?? control.id;
    return (night + offset) % 3 === 0 && hour >= 2 && hour < 5;
  }
  if (control.type === 'pivot') {
    return (night + control.id) % 4 === 0 && (hour >= 21 || hour < 5);
  }
  return false;
}

/**
 * Sets every control of a site as the past's schedule has it at `time`: valves and pivots by
 * scheduledToRun, then each pump running while anything of its area waters.
 */
export function applyPastSchedule(
  site: SiteState,
  controls: readonly ControlRef[],
  time: Date,
): void {
  const place = site.where;
  const watering = new Set<number | null>();
  for (const control of controls) {
    const run = scheduledToRun(control, place, time);
    if (run) watering.add(control.areaId);
    if (control.type === 'valve' || control.type === 'pivot') site.setRunning(control, run, time);
  }
  for (const control of controls) {
    if (control.type === 'pump') site.setRunning(control, watering.has(control.areaId), time);
  }
}

/**
 * The 'last acknowledged events' preference (§3): per area, the time (ISO) of the newest event
 * the user acknowledged. Events after it are new to the user.
 */
import type { Event } from '@paddock/domain';

/** The preference's key of an area (the preference is keyed by target). */
export function acknowledgedPreferenceKey(areaId: number): string {
  return `area-${areaId}`;
}

/** The preference after acknowledging `events` of an area: the newest time wins, never older. */
export function withAcknowledged(
  stored: Readonly<Record<string, string>>,
  areaId: number,
  events: readonly Pick<Event, 'timestamp'>[],
): Record<string, string> {
  const key = acknowledgedPreferenceKey(areaId);
  const times = events.map((event) => Date.parse(event.timestamp));
  const previous = stored[key];
  if (previous !== undefined) times.push(Date.parse(previous));
  const valid = times.filter(Number.isFinite);
  if (valid.length === 0) return { ...stored };
  return { ...stored, [key]: new Date(Math.max(...valid)).toISOString() };
}

/** An open event that came after the last one the user acknowledged (all open ones when none). */
export function isNewEvent(
  event: Pick<Event, 'timestamp' | 'open'>,
  seen: string | undefined,
): boolean {
  if (!event.open) return false;
  if (seen === undefined) return true;
  return Date.parse(event.timestamp) > Date.parse(seen);
}

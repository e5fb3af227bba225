/**
 * Program activity and display (§4): what a program is doing, how it reads and which colour it
 * shows, and when it last irrigated.
 */
import type { ProgramActivity, ProgramDisplay } from '../entities/vocabulary.ts';
import { COLOURS, type Colour } from '../constants/colours.ts';
import { hasPassed, toDate, type Instant } from './time.ts';
import { isOneOf } from '../entities/words.ts';

/** The part of a program status (§3) the §4 rules read; a full `ProgramStatus` is assignable. */
export type ProgramStatusInput = {
  activity: ProgramActivity;
  startTime?: Instant | null;
  endTime?: Instant | null;
  stoppedTime?: Instant | null;
};

/** The part of a program schedule (§3) that says whether it is manual. */
export type ProgramScheduleInput = { manual?: boolean | null };

/** Activities shown in the running colour (§4): running, starting, resuming, pausing. */
export const runningColourActivities = [
  'running',
  'starting',
  'resuming',
  'pausing',
] as const satisfies readonly ProgramActivity[];

/** §4: running, starting, resuming and pausing are shown in the running colour. */
export function isRunningColour(activity: ProgramActivity): boolean {
  return isOneOf(runningColourActivities, activity);
}

/** §4 "Active means running, or pausing while start time has passed" (start time at `now` has passed). */
export function isProgramActive(status: ProgramStatusInput, now: Date): boolean {
  return (
    status.activity === 'running' ||
    (status.activity === 'pausing' && hasPassed(status.startTime, now))
  );
}

/**
 * §4 "Status running with an end time in the past is shown as stopped": the activity the console
 * shows. Only running is corrected; an end time at `now` is in the past.
 */
export function shownActivity(status: ProgramStatusInput, now: Date): ProgramActivity {
  return status.activity === 'running' && hasPassed(status.endTime, now)
    ? 'stopped'
    : status.activity;
}

/** How a program reads in text (§4): starting reads as running; the rest read as themselves. */
export type ProgramReading = Exclude<ProgramActivity, 'starting'>;

/**
 * §4 "A program reads as stopped/paused when so, and as running when running or starting", after
 * the running-with-past-end-time correction. Decision: the spec is silent on resuming and pausing,
 * so they read as themselves.
 */
export function programReadsAs(status: ProgramStatusInput, now: Date): ProgramReading {
  const activity = shownActivity(status, now);
  return activity === 'starting' ? 'running' : activity;
}

/**
 * §4 display state. Decision: irrigated (the program has given its water, supplied by the caller)
 * replaces only the stopped display; a running or paused program shows its activity.
 */
export function programDisplay(
  status: ProgramStatusInput,
  now: Date,
  irrigated = false,
): ProgramDisplay {
  const activity = shownActivity(status, now);
  return activity === 'stopped' && irrigated ? 'irrigated' : activity;
}

/** The part of a program zone (§3) the irrigated reading uses; a `ProgramZone` is assignable. */
export type ZoneIrrigatedInput = {
  application: { irrigated?: boolean | null; lastCycle?: boolean | null };
};

/**
 * Whether a program's last run has given its water: the `irrigated` of {@link programDisplay}.
 * Decision: some zone reads irrigated by the §4 irrigation-colour rule (irrigated, and its last
 * cycle true or undefined); a program none of whose zones has had water is not irrigated.
 */
export function hasProgramIrrigated(zones: readonly ZoneIrrigatedInput[]): boolean {
  return zones.some(
    (zone) => zone.application.irrigated === true && zone.application.lastCycle !== false,
  );
}

/** §4 and §9 colour of a program display state. */
export function programDisplayColour(display: ProgramDisplay): Colour {
  if (display === 'irrigated') return COLOURS.irrigated;
  if (isRunningColour(display)) return COLOURS.running;
  return display === 'paused' ? COLOURS.paused : COLOURS.stopped;
}

/**
 * §4 last-irrigation time: stopped time if set; else now if running or pausing; else start time if
 * starting; else end time. Null when the chosen time is absent or unreadable.
 */
export function lastIrrigationTime(status: ProgramStatusInput, now: Date): Date | null {
  const stopped = toDate(status.stoppedTime);
  if (stopped) return stopped;
  if (status.activity === 'running' || status.activity === 'pausing')
    return new Date(now.getTime());
  if (status.activity === 'starting') return toDate(status.startTime);
  return toDate(status.endTime);
}

/** §4 "Manual when schedule.manual is true" (only true; absent or null is not manual). */
export function isManualProgram(schedule: ProgramScheduleInput | null | undefined): boolean {
  return schedule?.manual === true;
}

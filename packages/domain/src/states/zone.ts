/**
 * Zone (section) states of an irrigation program (§4): banned and test mode, run state with
 * repeats, time remaining, which actions apply, and zone- or valve-based scheduling.
 */
import type {
  IrrigationType,
  ZoneApplicationStatus,
  ZoneRunState,
} from '../entities/vocabulary.ts';
import { isProgramActive } from './program.ts';
import { toEpochMs, type Instant } from './time.ts';

/** The part of a zone application (§3) the §4 rules read; a full `ZoneApplication` is assignable. */
export type ZoneApplicationInput = {
  status: ZoneApplicationStatus;
  startTime?: Instant | null;
  endTime?: Instant | null;
  stoppedTime?: Instant | null;
};

/** The repeat part of a zone setting (§3); a full `ZoneSetting` is assignable. */
export type ZoneRepeatInput = {
  /** Repeats switched on; absent is read as on when interval and count say so. */
  repeat?: boolean | null;
  /** Hours between repeats. */
  repeatInterval?: number | null;
  /** Repeats still to come. */
  repeatCount?: number | null;
};

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;

/** §4 "Zone banned": the area's sections that are in no sequence, in the area's order. */
export function bannedSectionIds(
  areaSectionIds: readonly number[],
  sequences: readonly (readonly number[])[],
): number[] {
  const sequenced = new Set(sequences.flat());
  return areaSectionIds.filter((id) => !sequenced.has(id));
}

/** §4 "Zone banned: among the area's sections but in no sequence". A section of another area is not banned. */
export function isZoneBanned(
  sectionId: number,
  areaSectionIds: readonly number[],
  sequences: readonly (readonly number[])[],
): boolean {
  return (
    areaSectionIds.includes(sectionId) &&
    !sequences.some((sequence) => sequence.includes(sectionId))
  );
}

/**
 * §4 "Zone test mode: variation manual and banned": the zone's schedule variation (or setting) is
 * manual and the zone is banned. Only true counts.
 */
export function isZoneInTestMode(zone: {
  manual?: boolean | null;
  banned?: boolean | null;
}): boolean {
  return zone.manual === true && zone.banned === true;
}

/**
 * Repeats still to come: an interval and a remaining count both above zero. Decision: a repeat flag
 * that is explicitly false switches repeats off whatever the interval and count say.
 */
export function hasRepeatsToCome(setting: ZoneRepeatInput | null | undefined): boolean {
  if (!setting || setting.repeat === false) return false;
  return (setting.repeatInterval ?? 0) > 0 && (setting.repeatCount ?? 0) > 0;
}

/** §4 zone run state: the application status, except stopped with repeats to come is repeats. */
export function zoneRunState(
  application: Pick<ZoneApplicationInput, 'status'>,
  setting?: ZoneRepeatInput | null,
): ZoneRunState {
  return application.status === 'stopped' && hasRepeatsToCome(setting)
    ? 'repeats'
    : application.status;
}

/**
 * §4 "repeats … shows next run time". Decision: the next run starts repeatInterval hours after the
 * last run ended: its stopped time if set, else its end time. Null when not repeats or no time is known.
 */
export function nextRunTime(
  application: ZoneApplicationInput,
  setting: ZoneRepeatInput | null | undefined,
): Date | null {
  if (zoneRunState(application, setting) !== 'repeats') return null;
  const ended = toEpochMs(application.stoppedTime) ?? toEpochMs(application.endTime);
  return ended === null ? null : new Date(ended + (setting?.repeatInterval ?? 0) * MS_PER_HOUR);
}

/** Statuses in which a zone's run is under way, so time is left on it. */
const underWayStatuses: readonly ZoneApplicationStatus[] = [
  'starting',
  'resuming',
  'running',
  'pausing',
];

/**
 * Whole minutes left on a zone's run, rounded up so a run still going never shows 0.
 * Decisions: the run ends at its end time, else at start time + `runtimeMinutes`. While under way
 * (starting, resuming, running, pausing) the time left is counted from now, or from the start time
 * when that is still ahead. A paused run is frozen at its stopped time. A stopped run (or repeats)
 * has no time remaining: null, as when the end cannot be known.
 */
export function remainingMinutes(
  application: ZoneApplicationInput,
  now: Date,
  runtimeMinutes?: number | null,
): number | null {
  const start = toEpochMs(application.startTime);
  const end =
    toEpochMs(application.endTime) ??
    (start !== null && runtimeMinutes !== null && runtimeMinutes !== undefined
      ? start + runtimeMinutes * MS_PER_MINUTE
      : null);
  if (end === null || !Number.isFinite(end)) return null; // an endless runtime has no time left to show

  let from: number | null;
  if (underWayStatuses.includes(application.status)) from = now.getTime();
  else if (application.status === 'paused') from = toEpochMs(application.stoppedTime);
  else return null;
  if (from === null) return null;
  if (start !== null && start > from) from = start;

  return Math.max(0, Math.ceil((end - from) / MS_PER_MINUTE));
}

/** §4 "Time remaining shown hours:minutes": 65 minutes is '1:05'. Negative is 0; fractions round up. */
export function formatHoursMinutes(minutes: number): string {
  const whole = Math.max(0, Math.ceil(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** §4 time remaining as hours:minutes, or null when none (see `remainingMinutes`). */
export function timeRemaining(
  application: ZoneApplicationInput,
  now: Date,
  runtimeMinutes?: number | null,
): string | null {
  const minutes = remainingMinutes(application, now, runtimeMinutes);
  return minutes === null ? null : formatHoursMinutes(minutes);
}

/** §4 "Skippable: stopped and not banned, or repeats" (on the run state). */
export function isSkippable(runState: ZoneRunState, banned: boolean): boolean {
  return (runState === 'stopped' && !banned) || runState === 'repeats';
}

/** §4 "Stoppable: starting, resuming, running". */
export function isStoppable(runState: ZoneRunState): boolean {
  return runState === 'starting' || runState === 'resuming' || runState === 'running';
}

/** §4 "Startable: stopped". Decision: on the run state, so a zone with repeats to come is not startable. */
export function isStartable(runState: ZoneRunState): boolean {
  return runState === 'stopped';
}

/** §4 "Resumable: paused". */
export function isResumable(runState: ZoneRunState): boolean {
  return runState === 'paused';
}

/** How a zone is scheduled (§4): by zone, or by valve. */
export type SchedulingMode = 'zone' | 'valve';

/**
 * §4 "Zone-based scheduling: valveControlledZone, singleSprinklerZone. Valve-based:
 * manySprinklerZone, cycleControlledZone."
 */
export function schedulingMode(irrigationType: IrrigationType): SchedulingMode {
  switch (irrigationType) {
    case 'valveControlledZone':
    case 'singleSprinklerZone':
      return 'zone';
    case 'manySprinklerZone':
    case 'cycleControlledZone':
      return 'valve';
  }
}

/** §4 "Active" read on a zone application: running, or pausing while its start time has passed. */
export function isZoneActive(application: ZoneApplicationInput, now: Date): boolean {
  return isProgramActive({ activity: application.status, startTime: application.startTime }, now);
}

/**
 * §4 "Testable: zone-based scheduling, not active and not starting". "Active" is §4's own
 * definition (running, or pausing once started), so a paused zone is testable. Decision: resuming
 * is a zone starting again, so it is refused like starting: a test must not race a resume.
 */
export function isTestable(
  application: ZoneApplicationInput & { irrigationType: IrrigationType },
  now: Date,
): boolean {
  return (
    schedulingMode(application.irrigationType) === 'zone' &&
    !isZoneActive(application, now) &&
    application.status !== 'starting' &&
    application.status !== 'resuming'
  );
}

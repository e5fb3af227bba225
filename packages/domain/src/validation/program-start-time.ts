/**
 * A delayed start (§7 programs: start and test take an optional `startTime`): which start times
 * may be asked for, a start still waiting for its time, and the site wall-clock text the console's
 * date-time input reads and writes. The server refuses with the same rule the form shows.
 */
import { zonedDateTime, zonedTimeToInstant } from '../constants/timezone.ts';
import type { ProgramStatusInput } from '../states/program.ts';
import { toEpochMs } from '../states/time.ts';

/** Decision: a start may be asked for at most this many days ahead; further is a mistake, not a plan. */
export const MAX_START_AHEAD_DAYS = 7;

/**
 * Decision: a start time up to a minute old is taken as now, not refused. The console picks times
 * to the minute, and the browser's clock and the trip to the server may be a little behind.
 */
const START_TIME_GRACE_MS = 60_000;

const DAY_MS = 86_400_000;

// Ours: the spec asks for a clear message but does not word it.
export const START_TIME_IN_PAST = 'Start time is in the past: choose a later time, or start now';
export const START_TIME_TOO_FAR = `Start time is more than ${MAX_START_AHEAD_DAYS} days ahead`;

/**
 * Why a start at `startTime` cannot be asked for at `now`, or null when it can: not more than a
 * minute in the past (START_TIME_GRACE_MS) and at most MAX_START_AHEAD_DAYS ahead (exactly 7 days
 * ahead is allowed).
 */
export function startTimeProblem(startTime: Date, now: Date): string | null {
  const at = startTime.getTime();
  if (Number.isNaN(at)) return START_TIME_IN_PAST;
  if (at < now.getTime() - START_TIME_GRACE_MS) return START_TIME_IN_PAST;
  if (at > now.getTime() + MAX_START_AHEAD_DAYS * DAY_MS) return START_TIME_TOO_FAR;
  return null;
}

/**
 * When a program's start is still to come: it is starting and its start time is after `now`.
 * Null when it is not waiting (any other activity, or the time has come).
 */
export function pendingStartTime(status: ProgramStatusInput, now: Date): Date | null {
  if (status.activity !== 'starting') return null;
  const at = toEpochMs(status.startTime);
  return at !== null && at > now.getTime() ? new Date(at) : null;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `date` as the site's wall clock reads it, in the text of a date-time input ('YYYY-MM-DDTHH:mm'). */
export function siteDateTimeInputValue(date: Date, timeZone: string): string {
  const t = zonedDateTime(date, timeZone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;
}

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a date-time input's text ('YYYY-MM-DDTHH:mm') names on the site's wall clock, or
 * null when the text is not a real date and time. Daylight saving as zonedTimeToInstant reads it:
 * a time skipped by the jump forward is pushed on by the gap, a repeated one is its first.
 */
export function siteDateTimeFromInput(value: string, timeZone: string): Date | null {
  const match = INPUT_VALUE.exec(value.trim());
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  // Date.UTC rolls 31 February over into March: such text names no day.
  const asUtc = new Date(Date.UTC(year, month - 1, day));
  const realDay = asUtc.getUTCMonth() === month - 1 && asUtc.getUTCDate() === day;
  if (!realDay || hour > 23 || minute > 59 || second > 59) return null;
  return zonedTimeToInstant({ year, month, day, hour, minute, second }, timeZone);
}

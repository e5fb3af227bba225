/**
 * Instants as the §4 rules read them. Entities carry ISO-8601 strings on the wire; callers may also
 * hold `Date`s or epoch milliseconds, so every rule accepts all three and compares in milliseconds.
 */

/** An instant: ISO-8601 text, epoch milliseconds or a `Date`. */
export type Instant = string | number | Date;

/** Epoch milliseconds of an instant, or null when it is absent or unreadable. */
export function toEpochMs(instant: Instant | null | undefined): number | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const ms =
    instant instanceof Date
      ? instant.getTime()
      : typeof instant === 'number'
        ? instant
        : Date.parse(instant);
  return Number.isFinite(ms) ? ms : null;
}

/** The instant as a `Date`, or null when it is absent or unreadable. */
export function toDate(instant: Instant | null | undefined): Date | null {
  const ms = toEpochMs(instant);
  return ms === null ? null : new Date(ms);
}

/**
 * Decision: an instant "has passed" (§4 "start time has passed", "end time in the past") once it is
 * at or before `now`; an instant equal to `now` has been reached. An absent instant has not passed.
 */
export function hasPassed(instant: Instant | null | undefined, now: Date): boolean {
  const ms = toEpochMs(instant);
  return ms !== null && ms <= now.getTime();
}

/**
 * How long raw readings are kept (issue 34). Readings are stored in one partition per UTC
 * calendar month, and expire by whole partitions: a month is dropped once it is older than every
 * site's retention, never row by row. The half-hour and 6-hour rollups are kept for ever, so a
 * chart over an expired range still draws, from them, and says so.
 *
 * A site keeps its raw readings for whole months: with 24 months on 28 November 2026, from
 * 1 November 2024. Its charts read rollups before that even while a longer-keeping site holds the
 * partition, so what a site's people see never depends on another site's setting.
 */
import { z } from 'zod';

/** A site's raw readings are kept this many months unless its config says otherwise. */
export const READING_RETENTION_MONTHS_DEFAULT = 24;
/** A century: "for ever" in practice, and a month count date arithmetic handles without care. */
export const READING_RETENTION_MONTHS_MAX = 1200;

export const readingRetentionMonthsSchema = z
  .number()
  .int()
  .min(1)
  .max(READING_RETENTION_MONTHS_MAX)
  .describe('Whole months of raw readings a site keeps; the rollups are kept for ever');

/** Partitions made ahead of the current month, so a reading never waits for one. */
export const READING_PARTITIONS_AHEAD = 3;

/** The first instant (ms) of the UTC month `ms` lies in. */
export function monthStartUtc(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The month start `months` after (or before, when negative) the month `ms` lies in. */
export function addMonthsUtc(ms: number, months: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
}

/** The partition of readings that holds a month, e.g. readings_y2026m11. */
export function readingPartitionName(monthStartMs: number): string {
  const date = new Date(monthStartMs);
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `readings_y${date.getUTCFullYear()}m${month}`;
}

/** The month a partition name holds (its start, ms); null for any other table's name. */
export function readingPartitionMonth(name: string): number | null {
  const match = /^readings_y(\d{4})m(\d{2})$/.exec(name);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return Date.UTC(Number(match[1]), month - 1, 1);
}

/** The month starts a worker keeps partitions for at `now`: this month and those ahead. */
export function readingPartitionsDue(now: number): number[] {
  return Array.from({ length: READING_PARTITIONS_AHEAD + 1 }, (_, ahead) =>
    addMonthsUtc(now, ahead),
  );
}

/** The first instant (ms) of a site's raw readings kept at `now`. */
export function rawReadingsKeptFrom(now: number, retentionMonths: number): number {
  return addMonthsUtc(now, -retentionMonths);
}

/** A site's retention: its config's, else the default. */
export function siteReadingRetentionMonths(config: { readingRetentionMonths?: number }): number {
  return config.readingRetentionMonths ?? READING_RETENTION_MONTHS_DEFAULT;
}

/**
 * Whether the month partition starting at `monthStartMs` has expired for every site: its end is
 * no later than the kept-from of the longest retention. No site (a fresh database): the default.
 */
export function isReadingPartitionExpired(
  monthStartMs: number,
  now: number,
  longestRetentionMonths: number | null,
): boolean {
  const longest = longestRetentionMonths ?? READING_RETENTION_MONTHS_DEFAULT;
  return addMonthsUtc(monthStartMs, 1) <= rawReadingsKeptFrom(now, longest);
}

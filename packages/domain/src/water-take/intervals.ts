/**
 * The water-take record of one meter for one local day (RM (Measurement and Reporting of Water
 * Takes) Regulations 2010, reg 6 as amended 2020): the volume in m³ of each 15-minute period,
 * zero when nothing was taken. 96 intervals on most days, 92 or 100 on a daylight-saving change
 * (the intervals are 15 minutes of elapsed time; NZ and AU zones shift by whole hours or half hours).
 *
 * A meter reports a running total (`water.total`, m³). The total at an interval's edge is read
 * between the readings on either side of it, in proportion to time; a gap in the readings is
 * flagged missing and never filled (docs/water-take.md "Gaps").
 */
import { isoInTimeZone } from '../frost/report-tables.ts';
import { localDayBounds } from './days.ts';
import {
  GOOD_READING_GAP_MS,
  MAX_READING_GAP_MS,
  QUALITY_CODES,
  VERIFICATION_VALID_YEARS,
  worseQuality,
  type QualityCode,
  type WaterTakeSource,
} from './quality.ts';

export const INTERVAL_MS = 15 * 60_000;

/** One reading of a meter's running total. */
export type MeterReading = {
  time: number;
  /** m³ since the meter's count began. */
  total: number;
  /** Telemetry unless said otherwise. */
  source?: WaterTakeSource;
};

export type WaterTakeInterval = {
  /** ISO 8601 with the site's offset. */
  start: string;
  end: string;
  /** m³ in the interval; null when it is not known (missing or compromised), never guessed. */
  volume: number | null;
  /** The meter's total (m³) at the interval's start and end, where the readings tell it. */
  meterStart: number | null;
  meterEnd: number | null;
  quality: QualityCode;
  /** Where the volume comes from; null when there is none. */
  source: WaterTakeSource | null;
  /** The interval's mean rate is above the consent's maximum rate. */
  exceedsRate: boolean;
};

export type WaterTakeDayTotal = {
  /** m³: the sum of the intervals whose volume is known. */
  volume: number;
  intervals: number;
  measured: number;
  missing: number;
  compromised: number;
  /** Every interval has a volume. */
  complete: boolean;
  /** The worst quality code of the day's intervals. */
  quality: QualityCode;
  meterStart: number | null;
  meterEnd: number | null;
  /**
   * m³ the meter advanced over the intervals without a volume, when its total is known on either
   * side of the day: taken, but not put in any interval (the regulations ask for 15-minute volumes;
   * this one cannot be placed in time).
   */
  unplaced: number | null;
  exceedsDailyVolume: boolean;
};

export type WaterTakeDay = {
  date: string;
  timeZone: string;
  intervals: WaterTakeInterval[];
  total: WaterTakeDayTotal;
};

/** Rounded to the litre; never -0. */
export const roundM3 = (value: number) => Math.round(value * 1000) / 1000 || 0;

/** True when the meter's verification (a date) covers the day: on or before it, under 5 years old. */
export function verificationCovers(verifiedOn: string | null, date: string): boolean {
  if (!verifiedOn || verifiedOn > date) return false;
  const [year, month, day] = verifiedOn.split('-');
  return date < `${Number(year) + VERIFICATION_VALID_YEARS}-${month}-${day}`;
}

/** Index of the last reading at or before `time`, or -1. */
function lastAtOrBefore(readings: readonly MeterReading[], time: number): number {
  let low = 0;
  let high = readings.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((readings[middle] as MeterReading).time <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * The meter's total at `time`: a reading at that time, else read between the readings either
 * side when they are at most the largest gap apart and the count did not fall between them.
 */
export function totalAt(readings: readonly MeterReading[], time: number): number | null {
  const index = lastAtOrBefore(readings, time);
  const before = readings[index];
  if (!before) return null;
  if (before.time === time) return before.total;
  const after = readings[index + 1];
  if (!after || after.time - before.time > MAX_READING_GAP_MS || after.total < before.total) {
    return null;
  }
  return (
    before.total +
    ((after.total - before.total) * (time - before.time)) / (after.time - before.time)
  );
}

function measureInterval(
  readings: readonly MeterReading[],
  from: number,
  to: number,
  verified: boolean,
): Omit<WaterTakeInterval, 'start' | 'end' | 'exceedsRate'> {
  const startReading = totalAt(readings, from);
  const endReading = totalAt(readings, to);
  const meterStart = startReading === null ? null : roundM3(startReading);
  const meterEnd = endReading === null ? null : roundM3(endReading);
  const first = lastAtOrBefore(readings, from);
  let last = lastAtOrBefore(readings, to);
  if (readings[last]?.time !== to) last += 1;
  const unknown = { volume: null, meterStart, meterEnd, source: null };
  if (first < 0 || last >= readings.length) return { ...unknown, quality: QUALITY_CODES.missing };
  let longest = 0;
  let fell = false;
  let source: WaterTakeSource = 'telemetry';
  for (let index = first; index <= last; index += 1) {
    const reading = readings[index] as MeterReading;
    if (reading.source === 'estimated') source = 'estimated';
    else if (reading.source === 'manual' && source === 'telemetry') source = 'manual';
    const next = readings[index + 1];
    if (index < last && next) {
      longest = Math.max(longest, next.time - reading.time);
      if (next.total < reading.total) fell = true;
    }
  }
  if (longest > MAX_READING_GAP_MS || meterStart === null || meterEnd === null) {
    // A fall inside a gap is still a gap: nothing is known of the interval.
    return { ...unknown, quality: fell && longest <= MAX_READING_GAP_MS ? 400 : 100 };
  }
  if (fell) return { ...unknown, quality: QUALITY_CODES.compromised };
  let quality: QualityCode =
    longest <= GOOD_READING_GAP_MS ? QUALITY_CODES.good : QUALITY_CODES.fair;
  if (source === 'estimated') quality = QUALITY_CODES.synthetic;
  else if (!verified) quality = worseQuality(quality, QUALITY_CODES.unverified);
  return { volume: roundM3(meterEnd - meterStart), meterStart, meterEnd, quality, source };
}

/**
 * One meter's day of 15-minute intervals. `readings` are in time order and should include the
 * last reading before the day and the first after it, so the day's edges can be read.
 */
export function buildWaterTakeDay(input: {
  date: string;
  timeZone: string;
  readings: readonly MeterReading[];
  /** The meter's last verification (YYYY-MM-DD), or null. */
  verifiedOn: string | null;
  /** The consent's maximum rate (L/s) and daily volume (m³), when it gives them. */
  maxRateLps?: number | null;
  maxDailyVolumeM3?: number | null;
}): WaterTakeDay {
  const { date, timeZone, readings } = input;
  for (let index = 1; index < readings.length; index += 1) {
    if ((readings[index] as MeterReading).time <= (readings[index - 1] as MeterReading).time) {
      throw new RangeError('meter readings must be in strictly increasing time order');
    }
  }
  const { start, end } = localDayBounds(date, timeZone);
  const verified = verificationCovers(input.verifiedOn, date);
  const intervals: WaterTakeInterval[] = [];
  for (let from = start; from < end; from += INTERVAL_MS) {
    const to = Math.min(from + INTERVAL_MS, end);
    const measured = measureInterval(readings, from, to, verified);
    const litresPerSecond =
      measured.volume === null ? 0 : (measured.volume * 1000) / ((to - from) / 1000);
    intervals.push({
      start: isoInTimeZone(new Date(from), timeZone),
      end: isoInTimeZone(new Date(to), timeZone),
      ...measured,
      exceedsRate: input.maxRateLps != null && litresPerSecond > input.maxRateLps,
    });
  }
  return { date, timeZone, intervals, total: dayTotal(intervals, input.maxDailyVolumeM3 ?? null) };
}

function dayTotal(
  intervals: readonly WaterTakeInterval[],
  maxDailyVolumeM3: number | null,
): WaterTakeDayTotal {
  let volume = 0;
  let measured = 0;
  let missing = 0;
  let compromised = 0;
  let quality: QualityCode = QUALITY_CODES.good;
  for (const interval of intervals) {
    if (interval.volume !== null) {
      volume += interval.volume;
      measured += 1;
    }
    if (interval.quality === QUALITY_CODES.missing) missing += 1;
    if (interval.quality === QUALITY_CODES.compromised) compromised += 1;
    quality = worseQuality(quality, interval.quality);
  }
  volume = roundM3(volume);
  const meterStart = intervals[0]?.meterStart ?? null;
  const meterEnd = intervals[intervals.length - 1]?.meterEnd ?? null;
  const unplaced =
    meterStart !== null && meterEnd !== null && compromised === 0 && meterEnd >= meterStart
      ? roundM3(meterEnd - meterStart - volume)
      : null;
  return {
    volume,
    intervals: intervals.length,
    measured,
    missing,
    compromised,
    complete: measured === intervals.length,
    quality,
    meterStart,
    meterEnd,
    unplaced,
    exceedsDailyVolume: maxDailyVolumeM3 !== null && volume > maxDailyVolumeM3,
  };
}

/** The window of readings a day needs: the day itself and one largest gap either side. */
export function readingWindow(
  date: string,
  timeZone: string,
  lastDate: string = date,
): { from: number; to: number } {
  return {
    from: localDayBounds(date, timeZone).start - MAX_READING_GAP_MS,
    to: localDayBounds(lastDate, timeZone).end + MAX_READING_GAP_MS,
  };
}

/** Chart settings of §9 and §8: intervals, options, the default chart, fan metric labels. */
import { z } from 'zod';
import { FALLBACK_TIME_ZONE, startOfYearInTimeZone } from './timezone.ts';

/** Chart interval codes as stored in the chartInterval preference (§3, §9). 5 is unused. */
export const CHART_INTERVALS = {
  day: 0,
  week: 1,
  month: 2,
  year: 3,
  lastTwoYears: 4,
  lastThreeDays: 6,
  lastThirtyMinutes: 7,
  lastThreeHours: 8,
  yearToDate: 100,
} as const;

export type ChartIntervalName = keyof typeof CHART_INTERVALS;
export type ChartInterval = (typeof CHART_INTERVALS)[ChartIntervalName];

const NAME_BY_CODE = Object.fromEntries(
  Object.entries(CHART_INTERVALS).map(([name, code]) => [code, name]),
) as Record<ChartInterval, ChartIntervalName>;

/** The name of a chart interval code, e.g. 100 → yearToDate. */
export function chartIntervalName(interval: ChartInterval): ChartIntervalName {
  return NAME_BY_CODE[interval];
}

export const chartIntervalSchema = z.literal(Object.values(CHART_INTERVALS));

export const DEFAULT_CHART_INTERVAL: ChartInterval = CHART_INTERVALS.month;

/** Chart option codes as stored in the chartOptions preference: one averaged line, or high and low. */
export const CHART_OPTIONS = {
  average: 1,
  highLow: 2,
} as const;

export type ChartOptionName = keyof typeof CHART_OPTIONS;
export type ChartOption = (typeof CHART_OPTIONS)[ChartOptionName];

export const chartOptionSchema = z.literal(Object.values(CHART_OPTIONS));

export const DEFAULT_CHART_OPTION: ChartOption = CHART_OPTIONS.average;

/**
 * The chart first shown (§9 "irrigation monthly"). Decision: stored in the chartType preference
 * as one camelCase word, like the other stored words.
 */
export const DEFAULT_CHART_TYPE = 'irrigationMonthly';

/** Shown in place of a chart with no points (§8). */
export const EMPTY_CHART_TEXT = 'No data to display';

/**
 * Frost fan metrics and their chart labels, in display order (§9). Decision: the spec names the
 * last three only as "canopy, tower and backup offsets"; these are our labels.
 */
export const FAN_METRIC_LABELS = {
  battery: 'Battery (V)',
  rpm: 'RPM',
  windSpeed: 'Wind Speed (kph)',
  fuelLevel: 'Fuel Level (%)',
  /** Engine hours since the last service. */
  trip: 'Trip (hrs)',
  /** Engine hours over the engine's life. */
  total: 'Total (hrs)',
  oilPressure: 'Oil pressure (kpa)',
  coolantTemperature: 'Coolant temperature',
  torque: 'Torque (%)',
  canopyOffset: 'Canopy offset',
  towerOffset: 'Tower offset',
  backupOffset: 'Backup offset',
} as const;

export type FanMetric = keyof typeof FAN_METRIC_LABELS;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How far back each rolling interval reaches. Decision: fixed lengths, not calendar ones — a day
 * is 24 h, a week 7 days, a month 30 days, a year 365 days, two years 730 days — so a chart's
 * span never depends on the month, leap years or daylight saving.
 */
export const CHART_INTERVAL_SPAN_MS = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
  lastTwoYears: 730 * DAY_MS,
  lastThreeDays: 3 * DAY_MS,
  lastThirtyMinutes: 30 * MINUTE_MS,
  lastThreeHours: 3 * HOUR_MS,
} as const satisfies Record<Exclude<ChartIntervalName, 'yearToDate'>, number>;

export interface ChartRange {
  readonly from: Date;
  readonly to: Date;
}

/**
 * The time range a chart interval covers, ending at `now`. Year to date starts at midnight on
 * 1 January in the site's zone (UTC when none is given); the others reach back a fixed span.
 * Throws RangeError for an unknown zone name.
 */
export function chartIntervalRange(
  interval: ChartInterval,
  now: Date,
  timeZone: string = FALLBACK_TIME_ZONE,
): ChartRange {
  const to = new Date(now.getTime());
  if (interval === CHART_INTERVALS.yearToDate) {
    return { from: startOfYearInTimeZone(now, timeZone), to };
  }
  const name = chartIntervalName(interval) as Exclude<ChartIntervalName, 'yearToDate'>;
  return { from: new Date(now.getTime() - CHART_INTERVAL_SPAN_MS[name]), to };
}

/**
 * The irrigation history (§9 chart type "irrigation monthly"): per zone and per site-local month
 * (or day, zoomed in), the depth its runs applied against the depth its program asked of them,
 * and the water its meters measured. A run counts in the period it started (as in the
 * irrigation report); the depth applied is its runtime × the zone's application rate, the target
 * is the program's depth × the zone's variation for every run the zone made.
 */
import {
  attributeWaterUse,
  localDate,
  type MeterSample,
  type ZoneWaterRun,
} from '../addons/water-use.ts';
import { DEFAULT_APPLICATION_RATE_MM_PER_HOUR } from '../constants/limits.ts';
import type { ZoneSetting } from '../entities/program.ts';
import { variationFactor } from './runtime.ts';

export const IRRIGATION_HISTORY_INTERVALS = ['month', 'day'] as const;
export type IrrigationHistoryInterval = (typeof IRRIGATION_HISTORY_INTERVALS)[number];

/** Months the chart opens on: the current month and the two before it. */
export const IRRIGATION_HISTORY_DEFAULT_MONTHS = 3;
/** Days one answer covers at most: a season, with room for a year's view by month. */
export const IRRIGATION_HISTORY_MAX_DAYS = 366;

const HOUR_MS = 3_600_000;
/** Meter intervals attributed at a time (a day of 10-minute totals): see meterVolumesByDay. */
const WINDOW_SAMPLES = 144;

/** Depth a run applied, mm: its runtime × the zone's application rate (mm/h). */
export function appliedDepthMm(runtimeMs: number, applicationRate?: number): number {
  return (
    (Math.max(0, runtimeMs) / HOUR_MS) * (applicationRate ?? DEFAULT_APPLICATION_RATE_MM_PER_HOUR)
  );
}

/** Depth the program asks of one run of a zone, mm: its depth × its variation. */
export function targetDepthMm(setting: Pick<ZoneSetting, 'depth' | 'variation'>): number {
  return setting.depth * variationFactor(setting.variation);
}

/** The period (YYYY-MM for a month, YYYY-MM-DD for a day) a local date falls in. */
export function historyPeriodOf(date: string, interval: IrrigationHistoryInterval): string {
  return interval === 'month' ? date.slice(0, 7) : date;
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoDate = (utc: Date) =>
  `${utc.getUTCFullYear()}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`;
const dateParts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** Whole local days from `from` to `to` (YYYY-MM-DD, calendar arithmetic, no clock). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = dateParts(from);
  const [ty, tm, td] = dateParts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

/**
 * The range the chart opens on, as local dates (from inclusive, to exclusive): the first of the
 * month IRRIGATION_HISTORY_DEFAULT_MONTHS - 1 months back to the first of next month.
 */
export function defaultHistoryRange(today: string): { from: string; to: string } {
  const [year, month] = dateParts(today);
  return {
    from: isoDate(new Date(Date.UTC(year, month - IRRIGATION_HISTORY_DEFAULT_MONTHS, 1))),
    to: isoDate(new Date(Date.UTC(year, month, 1))),
  };
}

/** Every period of the range in order, so a period with no runs still shows (empty). */
export function historyPeriods(
  range: { from: string; to: string },
  interval: IrrigationHistoryInterval,
): string[] {
  const periods: string[] = [];
  const [year, month, day] = dateParts(range.from);
  for (let step = 0; step <= IRRIGATION_HISTORY_MAX_DAYS; step++) {
    const date = isoDate(new Date(Date.UTC(year, month - 1, day + step)));
    if (date >= range.to) break;
    const period = historyPeriodOf(date, interval);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

/** One zone in one period. */
export type IrrigationHistoryRow = {
  period: string;
  zoneId: number;
  runs: number;
  runtimeMs: number;
  /** mm applied by the runs. */
  applied: number;
  /** mm the program asked of those runs; null when the program has no setting for the zone. */
  target: number | null;
  /** m³ its meters measured while it ran; null when no meter measured it. */
  volume: number | null;
};

/**
 * Shares each meter's water among the runs by the hours each ran (attributeWaterUse), one window
 * of WINDOW_SAMPLES intervals at a time with only the runs that overlap it: weighing every run
 * against every interval of a season at once costs a gigabyte of garbage. Answers m³ per zone
 * per local day.
 */
export function meterVolumesByDay(
  meters: Iterable<readonly MeterSample[]>,
  runs: readonly ZoneWaterRun[],
  timeZone: string,
): Map<number, Map<string, number>> {
  const volumes = new Map<number, Map<string, number>>();
  for (const samples of meters) {
    // Each window shares its last sample with the next, so every interval counts once.
    for (let first = 0; first < samples.length - 1; first += WINDOW_SAMPLES) {
      const window = samples.slice(first, first + WINDOW_SAMPLES + 1);
      const start = window[0]?.time ?? 0;
      const end = window.at(-1)?.time ?? 0;
      const use = attributeWaterUse({
        meters: [window],
        runs: runs.filter((run) => run.end > start && run.start < end),
        timeZone,
      });
      for (const day of use.days) {
        for (const [zone, volume] of Object.entries(day.zones)) {
          const zoneDays = volumes.get(Number(zone)) ?? new Map<string, number>();
          volumes.set(Number(zone), zoneDays);
          zoneDays.set(day.date, (zoneDays.get(day.date) ?? 0) + volume);
        }
      }
    }
  }
  return volumes;
}

/**
 * The history's rows: per zone with runs or metered water, per period, in zone then period order.
 * `settings` are the program's zone settings; `volumes` what meterVolumesByDay answered.
 */
export function summariseIrrigationHistory(input: {
  runs: readonly ZoneWaterRun[];
  volumes: ReadonlyMap<number, ReadonlyMap<string, number>>;
  settings: readonly Pick<ZoneSetting, 'id' | 'depth' | 'variation' | 'applicationRate'>[];
  timeZone: string;
  interval: IrrigationHistoryInterval;
}): IrrigationHistoryRow[] {
  const settings = new Map(input.settings.map((setting) => [setting.id, setting]));
  const rows = new Map<string, IrrigationHistoryRow>();
  const row = (zoneId: number, period: string) => {
    const key = `${zoneId} ${period}`;
    let entry = rows.get(key);
    if (!entry) {
      const setting = settings.get(zoneId);
      entry = {
        period,
        zoneId,
        runs: 0,
        runtimeMs: 0,
        applied: 0,
        target: setting ? 0 : null,
        volume: null,
      };
      rows.set(key, entry);
    }
    return entry;
  };
  for (const run of input.runs) {
    const period = historyPeriodOf(localDate(run.start, input.timeZone), input.interval);
    const entry = row(run.zoneId, period);
    const setting = settings.get(run.zoneId);
    const runtime = Math.max(0, run.end - run.start);
    entry.runs += 1;
    entry.runtimeMs += runtime;
    entry.applied += appliedDepthMm(runtime, setting?.applicationRate);
    if (setting && entry.target !== null) entry.target += targetDepthMm(setting);
  }
  for (const [zoneId, days] of input.volumes) {
    for (const [date, volume] of days) {
      const entry = row(zoneId, historyPeriodOf(date, input.interval));
      entry.volume = (entry.volume ?? 0) + volume;
    }
  }
  return [...rows.values()].sort((a, b) => a.zoneId - b.zoneId || a.period.localeCompare(b.period));
}

/**
 * The water-take file's table: one row per meter per 15-minute interval, then the meter's day
 * total, each row saying which consent, meter and water year it belongs to, so a council's import
 * reads any row alone. The csv and the xlsx hold the same rows (docs/water-take.md "File").
 */
import type { CsvField } from '../telemetry/csv.ts';
import { waterYearOf } from './days.ts';
import type { WaterTakeDay } from './intervals.ts';

export const WATER_TAKE_COLUMNS = [
  'Consent',
  'Meter',
  'Meter serial',
  'Meter verified',
  'Water year',
  'Record',
  'Start',
  'End',
  'Volume (m3)',
  'Meter start (m3)',
  'Meter end (m3)',
  'Quality code',
  'Source',
  'Over rate',
] as const;

export type WaterTakeMeterDay = {
  meter: { label: string; serialno: string | null; verifiedOn: string | null };
  day: WaterTakeDay;
};

/** What a row holds, before it is written as csv or xlsx. */
export type WaterTakeRow = readonly CsvField[];

export function waterTakeRows(consentNumber: string, days: readonly WaterTakeMeterDay[]) {
  const rows: WaterTakeRow[] = [];
  for (const { meter, day } of days) {
    const common = [
      consentNumber,
      meter.label,
      meter.serialno ?? '',
      meter.verifiedOn ?? '',
      waterYearOf(day.date).label,
    ];
    for (const interval of day.intervals) {
      rows.push([
        ...common,
        'interval',
        interval.start,
        interval.end,
        interval.volume,
        interval.meterStart,
        interval.meterEnd,
        interval.quality,
        interval.source ?? '',
        interval.exceedsRate ? 'yes' : 'no',
      ]);
    }
    const first = day.intervals[0];
    const last = day.intervals[day.intervals.length - 1];
    rows.push([
      ...common,
      day.total.complete ? 'day total' : 'day total (incomplete)',
      first?.start ?? '',
      last?.end ?? '',
      day.total.volume,
      day.total.meterStart,
      day.total.meterEnd,
      day.total.quality,
      '',
      day.total.exceedsDailyVolume ? 'daily volume' : 'no',
    ]);
  }
  return rows;
}

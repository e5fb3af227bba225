/**
 * The irrigation history the chart's tests read: an area's months on Auckland's clock, and the
 * English titles of its csv export.
 */
import type { IrrigationHistory } from '@paddock/domain';
import type { HistoryCsvTitles } from '../components/chart/irrigation-history.ts';

/** Area 10's history by month, September to November 2026, of the given zones and rows. */
export const monthlyHistory = (
  zones: IrrigationHistory['zones'],
  rows: IrrigationHistory['rows'],
): IrrigationHistory => ({
  area: 10,
  timezone: 'Pacific/Auckland',
  interval: 'month',
  from: '2026-09-01',
  to: '2026-12-01',
  periods: ['2026-09', '2026-10', '2026-11'],
  zones,
  rows,
});

/** The csv's column titles in English, in the order of its columns. */
export const HISTORY_CSV_TITLES: HistoryCsvTitles = {
  period: 'Period',
  zone: 'Zone',
  runs: 'Runs',
  runtime: 'Runtime (min)',
  applied: 'Applied depth (mm)',
  target: 'Target depth (mm)',
  volume: 'Water used (m³)',
};

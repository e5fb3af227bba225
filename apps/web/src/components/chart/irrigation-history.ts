/**
 * The irrigation history chart's pure parts (§9 "irrigation monthly"): the bars of an answer of
 * GET areas/{id}/irrigation-history (one per zone with data per period), period labels and the
 * zoom from a month to its days, and the csv and advanced csv exports (§3 chart export), both
 * RFC 4180 with a UTF-8 BOM (domain toCsv) and the numbers exactly as the server gave them.
 */
import { toCsv, zonedTimeToInstant, type IrrigationHistory } from '@paddock/domain';
import { isoWithOffset } from './zoned-time.ts';

/** One bar: a zone in a period. */
export interface HistoryBar {
  readonly period: string;
  readonly section: number;
  readonly zone: string;
  /** Index of the zone among the zones drawn: its colour. */
  readonly zoneIndex: number;
  readonly runs: number;
  /** Minutes. */
  readonly runtime: number;
  /** mm applied. */
  readonly applied: number;
  /** mm the program asked; null without a program setting. */
  readonly target: number | null;
  /** m³ measured; null without a meter. */
  readonly volume: number | null;
}

export interface HistoryShape {
  readonly periods: readonly string[];
  /** Zones with a bar somewhere in the range, in the answer's (label) order. */
  readonly zones: readonly { readonly section: number; readonly label: string }[];
  /** Per period (in `periods` order), one bar per zone of `zones` (zeros where it did not run). */
  readonly bars: readonly (readonly HistoryBar[])[];
  /** Highest depth drawn (applied or target), mm. */
  readonly maxDepth: number;
  /** Highest volume drawn, m³; 0 when no zone was metered. */
  readonly maxVolume: number;
}

export function shapeHistory(history: IrrigationHistory): HistoryShape {
  const withData = new Set(history.rows.map((row) => row.section));
  const zones = history.zones.filter((zone) => withData.has(zone.section));
  const rows = new Map(history.rows.map((row) => [`${row.section} ${row.period}`, row]));
  let maxDepth = 0;
  let maxVolume = 0;
  const bars = history.periods.map((period) =>
    zones.map((zone, zoneIndex): HistoryBar => {
      const row = rows.get(`${zone.section} ${period}`);
      maxDepth = Math.max(maxDepth, row?.applied ?? 0, row?.target ?? 0);
      maxVolume = Math.max(maxVolume, row?.volume ?? 0);
      return {
        period,
        section: zone.section,
        zone: zone.label,
        zoneIndex,
        runs: row?.runs ?? 0,
        runtime: row?.runtime ?? 0,
        applied: row?.applied ?? 0,
        target: row?.target ?? null,
        volume: row?.volume ?? null,
      };
    }),
  );
  return { periods: history.periods, zones, bars, maxDepth, maxVolume };
}

/** A period as people read it: "Oct 2026" for a month, "3 Oct" for a day. */
export function periodLabel(period: string, language: string): string {
  const [year = 0, month = 1, day] = period.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day ?? 1));
  const options: Intl.DateTimeFormatOptions =
    day === undefined
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(date);
}

/** The days of a month period (YYYY-MM): from its first to the first of the next, local dates. */
export function monthDays(period: string): { from: string; to: string } {
  const [year = 0, month = 1] = period.split('-').map(Number);
  const next = new Date(Date.UTC(year, month, 1));
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    from: `${period}-01`,
    to: `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-01`,
  };
}

/** The period's first local day and the day after its last (YYYY-MM-DD). */
function periodBounds(period: string): { from: string; to: string } {
  if (period.length === 7) return monthDays(period);
  const [year = 0, month = 1, day = 1] = period.split('-').map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    from: period,
    to: `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`,
  };
}

const startOf = (date: string, timeZone: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return zonedTimeToInstant({ year, month, day }, timeZone).getTime();
};

export interface HistoryCsvTitles {
  readonly period: string;
  readonly zone: string;
  readonly runs: string;
  readonly runtime: string;
  readonly applied: string;
  readonly target: string;
  readonly volume: string;
}

export interface HistoryAdvancedCsvTitles extends HistoryCsvTitles {
  readonly section: string;
  readonly start: string;
  readonly end: string;
  readonly difference: string;
}

/** The rows the server gave, by period and then zone in the answer's order. */
function orderedRows(history: IrrigationHistory) {
  const zoneOrder = new Map(history.zones.map((zone, index) => [zone.section, index]));
  const label = new Map(history.zones.map((zone) => [zone.section, zone.label]));
  const rows = [...history.rows].sort(
    (a, b) =>
      a.period.localeCompare(b.period) ||
      (zoneOrder.get(a.section) ?? 0) - (zoneOrder.get(b.section) ?? 0),
  );
  return rows.map((row) => ({ ...row, zone: label.get(row.section) ?? String(row.section) }));
}

/** csv: Period, Zone, Runs, Runtime (min), Applied depth (mm), Target depth (mm), Water used (m³). */
export function historyCsv(history: IrrigationHistory, titles: HistoryCsvTitles): string {
  return toCsv(
    [
      titles.period,
      titles.zone,
      titles.runs,
      titles.runtime,
      titles.applied,
      titles.target,
      titles.volume,
    ],
    orderedRows(history).map((row) => [
      row.period,
      row.zone,
      row.runs,
      row.runtime,
      row.applied,
      row.target,
      row.volume,
    ]),
  );
}

/**
 * advanced csv: the zone's id and label, the period's start and end (local, ISO 8601 with the
 * UTC offset), runs, runtime, applied and target depth, their difference, water used.
 */
export function historyAdvancedCsv(
  history: IrrigationHistory,
  titles: HistoryAdvancedCsvTitles,
): string {
  const timeZone = history.timezone;
  return toCsv(
    [
      titles.section,
      titles.zone,
      titles.start,
      titles.end,
      titles.runs,
      titles.runtime,
      titles.applied,
      titles.target,
      titles.difference,
      titles.volume,
    ],
    orderedRows(history).map((row) => {
      const bounds = periodBounds(row.period);
      return [
        row.section,
        row.zone,
        isoWithOffset(startOf(bounds.from, timeZone), timeZone),
        isoWithOffset(startOf(bounds.to, timeZone), timeZone),
        row.runs,
        row.runtime,
        row.applied,
        row.target,
        row.target === null ? null : Math.round((row.applied - row.target) * 10) / 10,
        row.volume,
      ];
    }),
  );
}

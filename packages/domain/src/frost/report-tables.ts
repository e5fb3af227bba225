/**
 * A frost report as tables, the one content the pdf, xlsx and csv files are written from: each
 * column has its header, unit and kind, so every format types its cells the same way. Times are
 * instants; each format writes them in the site's zone (csv and pdf with the offset).
 */
import { timeZoneOffsetMs, zonedDateTime } from '../constants/timezone.ts';
import type { FanFueling, FrostRun, FrostRuns } from './schemas.ts';

export type ReportCell = string | number | Date | null;
/** 'date': a local day as YYYY-MM-DD text (issue 17's per-day tables); a date cell in xlsx. */
export type ReportColumnKind = 'text' | 'number' | 'time' | 'date';

export interface ReportColumn {
  readonly header: string;
  /** Printed in the header, e.g. °C. */
  readonly unit?: string;
  readonly kind: ReportColumnKind;
  /** Decimal places of a number. */
  readonly digits?: number;
}

export interface ReportTable {
  readonly name: string;
  readonly columns: readonly ReportColumn[];
  readonly rows: readonly (readonly ReportCell[])[];
  /** xlsx: one sheet per value of this column (per thing), instead of one sheet for the table. */
  readonly sheetBy?: number;
}

/** A line chart of the report's main series (issue 17): drawn in the pdf. */
export interface ReportChart {
  readonly title: string;
  readonly unit: string;
  readonly lines: readonly {
    readonly label: string;
    /** [time ms, value], in time order. */
    readonly points: readonly (readonly [number, number])[];
  }[];
}

export interface ReportDocument {
  readonly title: string;
  readonly site: string;
  readonly area: string;
  readonly timeZone: string;
  readonly from: Date;
  readonly to: Date;
  /** Lines under the title: the rules and where they come from. */
  readonly notes: readonly string[];
  readonly tables: readonly ReportTable[];
  /**
   * csv: every table, one after another (each its header row and rows, a blank line between),
   * for a report whose tables are all its content (the water report's meters and tanks). Without
   * it the csv is the first table, the others being detail the xlsx and pdf carry.
   */
  readonly csvAllTables?: boolean;
  readonly chart?: ReportChart;
}

/** A column's header with its unit: "Canopy at start (°C)". */
export function columnTitle(column: ReportColumn): string {
  return column.unit ? `${column.header} (${column.unit})` : column.header;
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** ISO 8601 in the zone, with its offset: 2026-09-21T02:10:00+12:00. */
export function isoInTimeZone(date: Date, timeZone: string): string {
  const wall = zonedDateTime(date, timeZone);
  const offset = Math.round(timeZoneOffsetMs(date, timeZone) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** The wall clock in the zone as a Date whose UTC fields read it (how a spreadsheet holds a local time). */
export function wallClockDate(date: Date, timeZone: string): Date {
  return new Date(date.getTime() + timeZoneOffsetMs(date, timeZone));
}

const FLAG_WORDS: Record<string, string> = {
  startAboveTemperature: 'start above permitted temperature',
  ranPastStopTemperature: 'ran past stop temperature',
  ranInWind: 'ran in wind',
  outsidePermittedHours: 'outside permitted hours',
  missingData: 'missing data',
};

const time = (iso: string | null) => (iso === null ? null : new Date(iso));

/*
 * Column builders: a table lists each column as its header and what its cells are, and every
 * format types the cells of a kind alike.
 */
export const textColumn = (header: string): ReportColumn => ({ header, kind: 'text' });
export const timeColumn = (header: string): ReportColumn => ({ header, kind: 'time' });
export const dateColumn = (header: string): ReportColumn => ({ header, kind: 'date' });
/** A count: a whole number with no unit. */
export const countColumn = (header: string): ReportColumn => ({
  header,
  kind: 'number',
  digits: 0,
});
/** A measure in a unit, printed to so many decimal places. */
export const numberColumn = (header: string, unit: string, digits: number): ReportColumn => ({
  header,
  unit,
  kind: 'number',
  digits,
});
/** A temperature column: °C to one decimal, as every frost table prints one. */
export const temperatureColumn = (header: string): ReportColumn => numberColumn(header, '°C', 1);
/** A fuel column: % of the tank to one decimal, as the fan controller reports it. */
export const fuelColumn = (header: string): ReportColumn => numberColumn(header, '%', 1);

/** The columns a table of fan runs opens with: the fan, its start and stop, how long it ran. */
export const FAN_RUN_COLUMNS: readonly ReportColumn[] = [
  textColumn('Fan'),
  timeColumn('Start'),
  timeColumn('Stop'),
  numberColumn('Duration', 'min', 1),
];

/** A run's cells under FAN_RUN_COLUMNS; a run still going has no stop. */
export function fanRunCells(run: FrostRun): ReportCell[] {
  return [run.fanLabel, time(run.start), time(run.stop), run.durationMinutes];
}

export interface ReportHeading {
  site: string;
  area: string;
}

function rulesNotes(runs: FrostRuns): string[] {
  const { rules } = runs;
  return [
    `Rules: start at or below ${rules.startAtOrBelow} °C, stop by ${rules.stopBy} °C` +
      (rules.windShutdownAbove === null
        ? ''
        : `, shut down above ${rules.windShutdownAbove} km/h wind`) +
      (rules.permittedHours
        ? `, permitted ${rules.permittedHours.from}–${rules.permittedHours.to}`
        : ''),
    `Source: ${rules.source}`,
    `Times in ${runs.timeZone}`,
  ];
}

/** The frost compliance report: every run with its flags, then each fan's totals. */
export function frostComplianceDocument(heading: ReportHeading, runs: FrostRuns): ReportDocument {
  return {
    title: 'Frost compliance',
    site: heading.site,
    area: heading.area,
    timeZone: runs.timeZone,
    from: new Date(runs.from),
    to: new Date(runs.to),
    notes: rulesNotes(runs),
    tables: [
      {
        name: 'Runs',
        columns: [
          ...FAN_RUN_COLUMNS,
          textColumn('Trigger'),
          temperatureColumn('Canopy at start'),
          temperatureColumn('Canopy at stop'),
          temperatureColumn('Tower at start'),
          temperatureColumn('Inversion'),
          textColumn('Inversion class'),
          temperatureColumn('Lowest canopy'),
          numberColumn('Highest wind', 'km/h', 1),
          countColumn('Wind shutdowns'),
          numberColumn('Average RPM', 'rpm', 0),
          numberColumn('Engine hours at start', 'h', 1),
          numberColumn('Engine hours at end', 'h', 1),
          fuelColumn('Fuel at start'),
          fuelColumn('Fuel at end'),
          textColumn('Flags'),
        ],
        rows: runs.runs.map((run) => [
          ...fanRunCells(run),
          run.trigger,
          run.canopyAtStart,
          run.canopyAtStop,
          run.towerAtStart,
          run.inversionAtStart,
          run.inversionClassAtStart,
          run.lowestCanopy,
          run.highestWind,
          run.windShutdowns,
          run.averageRpm,
          run.engineHoursStart,
          run.engineHoursEnd,
          run.fuelStart,
          run.fuelEnd,
          run.flags.map((flag) => FLAG_WORDS[flag] ?? flag).join('; '),
        ]),
      },
      {
        name: 'Totals',
        columns: [
          textColumn('Fan'),
          countColumn('Runs'),
          numberColumn('Hours', 'h', 1),
          countColumn('Flagged runs'),
          fuelColumn('Fuel used'),
        ],
        rows: runs.totals.map((total) => [
          total.fanLabel,
          total.runs,
          total.hours,
          total.flaggedRuns,
          total.fuelUsed,
        ]),
      },
    ],
  };
}

/** The fueling report: each fan's fuel now and hours left, fuel per night, refills. */
export function fuelingDocument(
  heading: ReportHeading,
  runs: FrostRuns,
  fueling: readonly FanFueling[],
): ReportDocument {
  return {
    title: 'Fueling',
    site: heading.site,
    area: heading.area,
    timeZone: runs.timeZone,
    from: new Date(runs.from),
    to: new Date(runs.to),
    notes: ['Fuel in % of the tank, as the fan controller reports it', `Times in ${runs.timeZone}`],
    tables: [
      {
        name: 'Fans',
        columns: [
          textColumn('Fan'),
          fuelColumn('Fuel used'),
          countColumn('Refills'),
          fuelColumn('Fuel now'),
          numberColumn('Burn', '%/h', 2),
          numberColumn('Running left', 'h', 1),
        ],
        rows: fueling.map((fan) => [
          fan.fanLabel,
          fan.fuelUsed,
          fan.refills.length,
          fan.fuelNow,
          fan.burnPerHour,
          fan.hoursLeft,
        ]),
      },
      {
        name: 'Nights',
        columns: [
          textColumn('Fan'),
          textColumn('Night'),
          fuelColumn('Fuel used'),
          numberColumn('Engine hours', 'h', 2),
        ],
        rows: fueling.flatMap((fan) =>
          fan.nights.map((night) => [fan.fanLabel, night.night, night.fuelUsed, night.engineHours]),
        ),
      },
      {
        name: 'Refills',
        columns: [
          textColumn('Fan'),
          timeColumn('Time'),
          fuelColumn('From'),
          fuelColumn('To'),
          numberColumn('Engine hours since previous', 'h', 1),
        ],
        rows: fueling.flatMap((fan) =>
          fan.refills.map((refill) => [
            fan.fanLabel,
            new Date(refill.at),
            refill.from,
            refill.to,
            refill.engineHoursSincePrevious,
          ]),
        ),
      },
    ],
  };
}

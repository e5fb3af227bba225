/**
 * The frost report kinds `events` and `frostExplorer` (§3 frostReport) as report documents, the
 * same tables-and-chart content the pdf, xlsx and csv files of the compliance and fueling reports
 * are written from (report-tables.ts).
 */
import type { TimedValue } from './compliance.ts';
import { frostNightOf, frostNightRange } from './night.ts';
import type { FrostRules } from './rules.ts';
import type { FrostRun } from './schemas.ts';
import {
  countColumn,
  dateColumn,
  FAN_RUN_COLUMNS,
  fanRunCells,
  numberColumn,
  temperatureColumn,
  textColumn,
  timeColumn,
  type ReportDocument,
  type ReportHeading,
} from './report-tables.ts';

/** One row of the area's event log as the events report reads it. */
export interface FrostEventRow {
  readonly at: Date;
  readonly type: 'warning' | 'error' | 'info';
  /** The target's name (fan, sensor, radio…), null for an event of the area itself. */
  readonly target: string | null;
  /** The alarm whose raise, clear or acknowledgement this records, by its label. */
  readonly alarm: string | null;
  readonly message: string;
  readonly open: boolean;
  readonly acknowledgedAt: Date | null;
  readonly acknowledgedBy: string | null;
}

/** The events report: the area's event log over the range, oldest first, then a count per night. */
export function frostEventsDocument(
  heading: ReportHeading,
  range: { from: Date; to: Date; timeZone: string },
  events: readonly FrostEventRow[],
): ReportDocument {
  const nights = new Map<
    string,
    { events: number; warnings: number; errors: number; alarms: number }
  >();
  for (const event of events) {
    const night = frostNightOf(event.at, range.timeZone);
    const entry = nights.get(night) ?? { events: 0, warnings: 0, errors: 0, alarms: 0 };
    entry.events += 1;
    if (event.type === 'warning') entry.warnings += 1;
    if (event.type === 'error') entry.errors += 1;
    if (event.alarm !== null) entry.alarms += 1;
    nights.set(night, entry);
  }
  return {
    title: 'Frost events',
    site: heading.site,
    area: heading.area,
    timeZone: range.timeZone,
    from: range.from,
    to: range.to,
    notes: [
      'The area’s event log, alarm raises, clears and acknowledgements included',
      `Times in ${range.timeZone}; nights run local noon to noon`,
    ],
    tables: [
      {
        name: 'Events',
        columns: [
          timeColumn('Time'),
          textColumn('Type'),
          textColumn('Target'),
          textColumn('Alarm'),
          textColumn('Message'),
          textColumn('State'),
          timeColumn('Acknowledged'),
          textColumn('Acknowledged by'),
        ],
        rows: events.map((event) => [
          event.at,
          event.type,
          event.target,
          event.alarm,
          event.message,
          event.open ? 'open' : 'closed',
          event.acknowledgedAt,
          event.acknowledgedBy,
        ]),
      },
      {
        name: 'Nights',
        columns: [
          dateColumn('Night'),
          countColumn('Events'),
          countColumn('Warnings'),
          countColumn('Errors'),
          countColumn('Alarm events'),
        ],
        rows: [...nights]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([night, entry]) => [
            night,
            entry.events,
            entry.warnings,
            entry.errors,
            entry.alarms,
          ]),
      },
    ],
  };
}

/** Decision: the explorer report's step, as the screen's 10-minute data. */
export const EXPLORER_STEP_MS = 10 * 60_000;
/** A night whose readings span less than this was run compressed (the simulator's demo). */
const COMPRESSED_NIGHT_MS = 2 * 3_600_000;
/** A night is at most a day long (25 hours on the night the clocks go back). */
const NIGHT_MAX_MS = 25 * 3_600_000;

/**
 * The one night an explorer report covers: the range itself when it is a night or shorter, else
 * (a longer range, as the report console's several nights) the frost night, local noon to noon,
 * that the range's start lies in.
 */
export function explorerNight(
  range: { from: Date; to: Date },
  timeZone: string,
): { from: Date; to: Date } {
  if (range.to.getTime() - range.from.getTime() <= NIGHT_MAX_MS) return range;
  return frostNightRange(frostNightOf(range.from, timeZone), timeZone);
}

/**
 * The step of the explorer's table: 10 minutes; the data's own (the median gap between readings)
 * when it is coarser, or when the night's readings span under two hours (a compressed night,
 * whose 10-minute steps would be one row). Whole seconds, at least one.
 */
export function explorerStepMs(series: readonly (readonly TimedValue[])[]): number {
  const gaps: number[] = [];
  let first = Infinity;
  let last = -Infinity;
  for (const readings of series) {
    for (let i = 0; i < readings.length; i++) {
      const reading = readings[i] as TimedValue;
      first = Math.min(first, reading.t);
      last = Math.max(last, reading.t);
      if (i > 0) gaps.push(reading.t - (readings[i - 1] as TimedValue).t);
    }
  }
  if (gaps.length === 0) return EXPLORER_STEP_MS;
  gaps.sort((a, b) => a - b);
  const own = Math.max(1000, Math.round((gaps[gaps.length >> 1] as number) / 1000) * 1000);
  if (last - first < COMPRESSED_NIGHT_MS) return own;
  return Math.max(EXPLORER_STEP_MS, own);
}

/** One step of the night: what the canopy, tower and wind read in it and which fans ran. */
export interface ExplorerStep {
  readonly at: Date;
  readonly canopyLowest: number | null;
  readonly canopyMean: number | null;
  readonly towerMean: number | null;
  readonly windHighest: number | null;
  /** Labels of the fans that ran at some time in the step. */
  readonly running: readonly string[];
}

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The night in steps of `stepMs` counted from `night.from`, from the step of its first reading to
 * that of its last (none without readings): every reading of the canopy (each block's sensor or
 * fan probe), tower and wind series in [t, t + step) counts in its step; a fan ran in a
 * step when one of its run periods (a run still going at `end` runs to it) overlaps it.
 */
export function explorerSteps(input: {
  night: { from: Date; to: Date };
  stepMs: number;
  canopy: readonly (readonly TimedValue[])[];
  tower: readonly (readonly TimedValue[])[];
  wind: readonly (readonly TimedValue[])[];
  fans: readonly { label: string; runs: readonly { start: number; stop: number | null }[] }[];
  /** Where a run without a stop ends: now, or the night's end. */
  end: number;
}): ExplorerStep[] {
  const nightFrom = input.night.from.getTime();
  const nightTo = input.night.to.getTime();
  // From the step of the night's first reading to that of its last: a compressed night's
  // steps of seconds over the whole day would be tens of thousands of empty rows.
  let first = Infinity;
  let last = -Infinity;
  for (const readings of [...input.canopy, ...input.tower, ...input.wind]) {
    for (const reading of readings) {
      if (reading.t < nightFrom || reading.t >= nightTo) continue;
      first = Math.min(first, reading.t);
      last = Math.max(last, reading.t);
    }
  }
  if (first > last) return [];
  const from = nightFrom + Math.floor((first - nightFrom) / input.stepMs) * input.stepMs;
  const count = Math.floor((last - from) / input.stepMs) + 1;
  const bucket = (series: readonly (readonly TimedValue[])[]) => {
    const steps = Array.from({ length: count }, () => [] as number[]);
    for (const readings of series) {
      for (const reading of readings) {
        const index = Math.floor((reading.t - from) / input.stepMs);
        if (index >= 0 && index < count && reading.t < nightTo) steps[index]?.push(reading.v);
      }
    }
    return steps;
  };
  const canopy = bucket(input.canopy);
  const tower = bucket(input.tower);
  const wind = bucket(input.wind);
  const mean = (values: readonly number[]) =>
    values.length === 0 ? null : round1(values.reduce((sum, v) => sum + v, 0) / values.length);
  const lowest = (values: readonly number[]) =>
    values.length === 0 ? null : round1(Math.min(...values));
  const highest = (values: readonly number[]) =>
    values.length === 0 ? null : round1(Math.max(...values));
  return Array.from({ length: count }, (_, index) => {
    const start = from + index * input.stepMs;
    const stop = start + input.stepMs;
    return {
      at: new Date(start),
      canopyLowest: lowest(canopy[index] ?? []),
      canopyMean: mean(canopy[index] ?? []),
      towerMean: mean(tower[index] ?? []),
      windHighest: highest(wind[index] ?? []),
      running: input.fans
        .filter((fan) =>
          fan.runs.some((run) => run.start < stop && (run.stop ?? input.end) > start),
        )
        .map((fan) => fan.label),
    };
  });
}

/**
 * The explorer report: one night of the area, a row per step (canopy lowest and mean, tower mean,
 * highest wind, the fans that ran), the night's runs, and a chart of canopy and tower against the
 * start and stop temperatures.
 */
export function frostExplorerDocument(
  heading: ReportHeading,
  night: { from: Date; to: Date; timeZone: string },
  rules: FrostRules,
  stepMs: number,
  steps: readonly ExplorerStep[],
  runs: readonly FrostRun[],
): ReportDocument {
  const stepText =
    stepMs % 60_000 === 0 ? `${stepMs / 60_000} minutes` : `${Math.round(stepMs / 1000)} seconds`;
  const line = (label: string, pick: (step: ExplorerStep) => number | null) => ({
    label,
    points: steps.flatMap((step): [number, number][] => {
      const value = pick(step);
      return value === null ? [] : [[step.at.getTime(), value]];
    }),
  });
  const first = steps[0]?.at.getTime() ?? night.from.getTime();
  const last = steps.at(-1)?.at.getTime() ?? night.to.getTime();
  const level = (label: string, value: number) => ({
    label,
    points: [
      [first, value],
      [last, value],
    ] as [number, number][],
  });
  return {
    title: 'Frost explorer',
    site: heading.site,
    area: heading.area,
    timeZone: night.timeZone,
    from: night.from,
    to: night.to,
    notes: [
      `One night in steps of ${stepText}, from its first reading to its last: each step the readings from its time to the next`,
      `Rules: start at or below ${rules.startAtOrBelow} °C, stop by ${rules.stopBy} °C (${rules.source})`,
      `Times in ${night.timeZone}`,
    ],
    tables: [
      {
        name: 'Night',
        columns: [
          timeColumn('Time'),
          temperatureColumn('Canopy lowest'),
          temperatureColumn('Canopy mean'),
          temperatureColumn('Tower mean'),
          numberColumn('Wind highest', 'km/h', 1),
          countColumn('Fans running'),
          textColumn('Running'),
        ],
        rows: steps.map((step) => [
          step.at,
          step.canopyLowest,
          step.canopyMean,
          step.towerMean,
          step.windHighest,
          step.running.length,
          step.running.join(', '),
        ]),
      },
      {
        name: 'Runs',
        columns: [
          ...FAN_RUN_COLUMNS,
          temperatureColumn('Canopy at start'),
          temperatureColumn('Canopy at stop'),
        ],
        rows: runs.map((run) => [...fanRunCells(run), run.canopyAtStart, run.canopyAtStop]),
      },
    ],
    chart: {
      title: 'Canopy and tower',
      unit: '°C',
      lines: [
        line('Canopy lowest', (step) => step.canopyLowest),
        line('Tower mean', (step) => step.towerMean),
        level(`Start at or below ${rules.startAtOrBelow} °C`, rules.startAtOrBelow),
        level(`Stop by ${rules.stopBy} °C`, rules.stopBy),
      ],
    },
  };
}

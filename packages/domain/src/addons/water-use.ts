/**
 * Water used per zone (issue 14 item 5, beyond the spec): a meter counts the water of whatever
 * ran while it measured, so each interval between two of its totals is shared among the zones
 * that ran in it, by the hours each ran in it (zones on one mainline draw alike; the learned
 * flows below are where a better weighting starts). Volume measured while no zone ran is kept
 * apart as unattributed (stock water, a leak, a hand-opened valve).
 *
 * Each zone's runs then give its measured flow (m³/h); its usual flow is its learned flow from its
 * earlier runs (flow-supervision.ts: one rule for the report and the supervisor), and a zone whose
 * latest run is more than FLOW_DEVIATION from it is flagged: a burst lateral or open flush valve
 * draws more, a blocked filter or a stuck valve less.
 */
import { learnedFlow } from './flow-supervision.ts';

/** A meter's cumulative total (m³) at a time (ms). */
export type MeterSample = { time: number; total: number };

/** A time a zone's valves ran, [start, end) in ms. */
export type ZoneWaterRun = { zoneId: number; start: number; end: number };

/** How far (as a fraction) a run's flow may be from the zone's usual flow before it is flagged. */
export const FLOW_DEVIATION = 0.25;

export type ZoneFlow = {
  zoneId: number;
  /** m³ attributed to the zone over the whole window. */
  volume: number;
  /** Hours its valves ran in the window. */
  hours: number;
  /** m³/h of each of its runs with water measured, oldest first: what its learned flow is of. */
  flows: number[];
  /** m³/h of its latest run with water measured; null when none. */
  latestFlow: number | null;
  /** Learned m³/h of its earlier runs (learnedFlow); null until LEARNED_FLOW_MIN_RUNS of them. */
  usualFlow: number | null;
  flagged: boolean;
};

export type ZoneWaterUse = {
  /** Per local day (YYYY-MM-DD in the site's zone), m³ per zone id, and unattributed m³. */
  days: { date: string; zones: Record<number, number>; unattributed: number }[];
  zones: ZoneFlow[];
  unattributed: number;
};

const HOUR_MS = 3_600_000;

function overlap(run: ZoneWaterRun, from: number, to: number): number {
  return Math.max(0, Math.min(run.end, to) - Math.max(run.start, from));
}

/** The local date (YYYY-MM-DD) of a time in an IANA zone. */
export function localDate(time: number, timeZone: string): string {
  return localDateFormat(timeZone).format(new Date(time));
}

/**
 * One formatter per zone: making one costs far more than using it, and a year's irrigation
 * report dates every 10-minute meter interval (105,000 new formatters: 13 s and 1.25 GB resident;
 * one kept: 0.13 s and 55 MB).
 */
const localDateFormats = new Map<string, Intl.DateTimeFormat>();

function localDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = localDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    localDateFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Shares the meters' volumes among the zone runs. Each meter's samples are read in time order;
 * a total that falls (a meter replaced or reset) starts the count again rather than going
 * negative. An interval's volume goes to the day of its middle.
 */
export function attributeWaterUse(input: {
  meters: readonly (readonly MeterSample[])[];
  runs: readonly ZoneWaterRun[];
  timeZone: string;
}): ZoneWaterUse {
  const days = new Map<string, { zones: Map<number, number>; unattributed: number }>();
  /** m³ per run (index in input.runs). */
  const runVolumes = new Array<number>(input.runs.length).fill(0);
  let unattributed = 0;
  for (const samples of input.meters) {
    const ordered = [...samples].sort((a, b) => a.time - b.time);
    for (let i = 1; i < ordered.length; i++) {
      const from = ordered[i - 1];
      const to = ordered[i];
      if (!from || !to || to.time <= from.time) continue;
      const volume = to.total - from.total;
      if (volume <= 0) continue;
      const date = localDate((from.time + to.time) / 2, input.timeZone);
      const day = days.get(date) ?? { zones: new Map<number, number>(), unattributed: 0 };
      days.set(date, day);
      const shares = input.runs.map((run) => overlap(run, from.time, to.time));
      const ran = shares.reduce((sum, share) => sum + share, 0);
      if (ran === 0) {
        day.unattributed += volume;
        unattributed += volume;
        continue;
      }
      shares.forEach((share, index) => {
        const run = input.runs[index];
        if (share === 0 || !run) return;
        const part = (volume * share) / ran;
        runVolumes[index] = (runVolumes[index] ?? 0) + part;
        day.zones.set(run.zoneId, (day.zones.get(run.zoneId) ?? 0) + part);
      });
    }
  }

  const zoneIds = [...new Set(input.runs.map((run) => run.zoneId))].sort((a, b) => a - b);
  const zones = zoneIds.map((zoneId): ZoneFlow => {
    const runs = input.runs
      .map((run, index) => ({ run, volume: runVolumes[index] ?? 0 }))
      .filter(({ run }) => run.zoneId === zoneId)
      .sort((a, b) => a.run.start - b.run.start);
    const hours = runs.reduce((sum, { run }) => sum + (run.end - run.start) / HOUR_MS, 0);
    const volume = runs.reduce((sum, { volume: v }) => sum + v, 0);
    const flows = runs
      .filter(({ run, volume: v }) => v > 0 && run.end > run.start)
      .map(({ run, volume: v }) => v / ((run.end - run.start) / HOUR_MS));
    const latestFlow = flows.at(-1) ?? null;
    const earlier = flows.slice(0, -1);
    // No designed flow here: the report compares a zone with itself, never with its design.
    const usual = learnedFlow(earlier);
    const usualFlow = usual.source === 'learned' ? usual.flow : null;
    const flagged =
      latestFlow !== null &&
      usualFlow !== null &&
      usualFlow > 0 &&
      Math.abs(latestFlow - usualFlow) / usualFlow > FLOW_DEVIATION;
    return { zoneId, volume, hours, flows, latestFlow, usualFlow, flagged };
  });

  return {
    days: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, day]) => ({
        date,
        zones: Object.fromEntries(day.zones),
        unattributed: day.unattributed,
      })),
    zones,
    unattributed,
  };
}

/**
 * A zone's runs from its valves' `running` readings (1 open, 0 closed), in time order: a run
 * starts when the first valve opens and ends when the last closes; a run still open at `until`
 * ends there.
 */
export function zoneRunsFromReadings(
  zoneId: number,
  valves: readonly (readonly { time: number; value: number }[])[],
  until: number,
): ZoneWaterRun[] {
  const events = valves
    .flatMap((readings, valve) => readings.map((reading) => ({ ...reading, valve })))
    .sort((a, b) => a.time - b.time);
  const open = new Set<number>();
  const runs: ZoneWaterRun[] = [];
  let start: number | null = null;
  for (const event of events) {
    if (event.value !== 0) open.add(event.valve);
    else open.delete(event.valve);
    if (open.size > 0 && start === null) start = event.time;
    if (open.size === 0 && start !== null) {
      if (event.time > start) runs.push({ zoneId, start, end: event.time });
      start = null;
    }
  }
  if (start !== null && until > start) runs.push({ zoneId, start, end: until });
  return runs;
}

/**
 * The irrigation report (§3 irrigationReport): per zone per site-local day, its runs (from its
 * valves' `running` readings, as the water-use view reads them), first start and last end,
 * runtime, the depth applied (runtime × the zone's application rate in its program), the water
 * its meters measured (issue 14's attribution), and the runs asked for that did not water
 * (skipped: a start request of its program refused or cancelled) or whose valve would not open
 * (faulted: an open command that failed or went unanswered). A run counts on the day it started.
 */
import {
  appliedDepthMm,
  meterVolumesByDay,
  zoneRunsFromReadings,
  type ReportCell,
  type MeterSample,
  type ReportDocument,
  type ZoneWaterRun,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { readWaterUseSource } from '../resources/water-use/water-use.repository.ts';
import { localDay } from './local-day.ts';
import {
  chosen,
  dailyChart,
  readReportSite,
  reportHeading,
  round,
  thingsByDayTable,
  toMs,
  type ReportRange,
  type SiteReportAsk,
} from './report-site.ts';
import { faultedOpenRows, findProgramZones, skippedStartRows } from './report.repository.ts';

type ZoneDay = {
  runs: number;
  firstStart: number | null;
  lastEnd: number | null;
  runtimeMs: number;
  depth: number;
  water: number;
  metered: boolean;
  skipped: number;
  faulted: number;
};

const HOUR_MS = 3_600_000;

export async function irrigationReport(
  db: Database,
  ask: SiteReportAsk,
  onProgress: (percent: number) => Promise<void>,
): Promise<ReportDocument> {
  const site = await readReportSite(db, ask.siteId, ask.areaId);
  const { timeZone } = site;
  const from = ask.from.getTime();
  const to = ask.to.getTime();
  const days = new Map<string, ZoneDay>();
  const runRows: ReportCell[][] = [];
  const zoneLabels = new Map<number, string>();
  const dayTotals = new Map<string, number>();
  const zoneDay = (zone: number, day: string) => {
    const key = `${zone} ${day}`;
    let entry = days.get(key);
    if (!entry) {
      entry = {
        runs: 0,
        firstStart: null,
        lastEnd: null,
        runtimeMs: 0,
        depth: 0,
        water: 0,
        metered: false,
        skipped: 0,
        faulted: 0,
      };
      days.set(key, entry);
    }
    return entry;
  };

  let done = 0;
  for (const [areaId, areaLabel] of site.areas) {
    const source = await readWaterUseSource(db, areaId, ask);
    const rates = await applicationRates(db, areaId);
    const sections = source.sections.filter((section) => chosen(ask.things, section.id));
    const inScope = new Set(sections.map((section) => section.id));
    for (const section of sections) {
      zoneLabels.set(
        section.id,
        site.areas.size > 1 ? `${areaLabel}: ${section.label}` : section.label,
      );
    }
    const runs: ZoneWaterRun[] = [];
    for (const [section, valves] of source.valves) {
      if (!inScope.has(section)) continue;
      for (const run of zoneRunsFromReadings(section, [...valves.values()], to)) {
        if (run.end <= from) continue;
        runs.push({ ...run, start: Math.max(run.start, from) });
      }
    }
    runs.sort((a, b) => a.start - b.start || a.zoneId - b.zoneId);
    for (const run of runs) {
      const day = localDay(run.start, timeZone);
      const entry = zoneDay(run.zoneId, day);
      const runtime = run.end - run.start;
      const depth = appliedDepthMm(runtime, rates.get(run.zoneId));
      entry.runs += 1;
      entry.firstStart =
        entry.firstStart === null ? run.start : Math.min(entry.firstStart, run.start);
      entry.lastEnd = entry.lastEnd === null ? run.end : Math.max(entry.lastEnd, run.end);
      entry.runtimeMs += runtime;
      entry.depth += depth;
      dayTotals.set(day, (dayTotals.get(day) ?? 0) + runtime / HOUR_MS);
      runRows.push([
        zoneLabels.get(run.zoneId) ?? String(run.zoneId),
        new Date(run.start),
        new Date(run.end),
        round(runtime / 60_000, 1),
        round(depth, 1),
      ]);
    }
    if (source.meters.size > 0) attributeMeters(source.meters.values(), runs, timeZone, zoneDay);
    for (const row of await skippedStarts(db, areaId, ask)) {
      const zones = row.zones.length > 0 ? row.zones : [...inScope];
      for (const zone of zones) {
        if (inScope.has(zone)) zoneDay(zone, localDay(row.time, timeZone)).skipped += 1;
      }
    }
    for (const row of await faultedOpens(db, areaId, ask)) {
      if (inScope.has(row.section)) zoneDay(row.section, localDay(row.time, timeZone)).faulted += 1;
    }
    done += 1;
    await onProgress(Math.round(10 + (70 * done) / site.areas.size));
  }

  const rows = zoneDayRows(days, zoneLabels);
  return irrigationDocument(site, ask, { rows, runRows, dayTotals });
}

/**
 * Shares each meter's water among the runs in scope, into each zone's day (issue 14, by the
 * domain's windowed attribution): only runs in scope share it, so a zone's share is what it drew
 * while it ran.
 */
function attributeMeters(
  meters: Iterable<readonly MeterSample[]>,
  runs: ZoneWaterRun[],
  timeZone: string,
  zoneDay: (zone: number, day: string) => ZoneDay,
) {
  for (const [zone, days] of meterVolumesByDay(meters, runs, timeZone)) {
    for (const [day, volume] of days) {
      const entry = zoneDay(zone, day);
      entry.water += volume;
      entry.metered = true;
    }
  }
}

/** One row per zone and day, by zone label, then zone, then day. */
function zoneDayRows(days: Map<string, ZoneDay>, zoneLabels: Map<number, string>): ReportCell[][] {
  return [...days.entries()]
    .map(([key, entry]) => {
      const [zone, day] = key.split(' ') as [string, string];
      return { zone: Number(zone), day, entry };
    })
    .filter(({ zone }) => zoneLabels.has(zone))
    .sort(
      (a, b) =>
        (zoneLabels.get(a.zone) ?? '').localeCompare(zoneLabels.get(b.zone) ?? '') ||
        a.zone - b.zone ||
        a.day.localeCompare(b.day),
    )
    .map(({ zone, day, entry }): ReportCell[] => [
      zoneLabels.get(zone) ?? String(zone),
      day,
      entry.runs,
      entry.firstStart === null ? null : new Date(entry.firstStart),
      entry.lastEnd === null ? null : new Date(entry.lastEnd),
      round(entry.runtimeMs / 60_000, 1),
      round(entry.depth, 1),
      entry.metered ? round(entry.water, 3) : null,
      entry.skipped,
      entry.faulted,
    ]);
}

/** The report's document: zones by day, every run, and the runtime per day chart. */
function irrigationDocument(
  site: Awaited<ReturnType<typeof readReportSite>>,
  ask: ReportRange,
  tables: { rows: ReportCell[][]; runRows: ReportCell[][]; dayTotals: Map<string, number> },
): ReportDocument {
  const { timeZone } = site;
  const { rows, runRows, dayTotals } = tables;
  return {
    ...reportHeading('Irrigation report', site, ask),
    notes: [
      `Times and days in ${timeZone}; a run counts on the day it started.`,
      'Water used is blank for a zone without a meter measuring it.',
    ],
    tables: [
      thingsByDayTable(
        {
          name: 'Zones by day',
          thing: 'Zone',
          figures: [
            { header: 'Runs', kind: 'number', digits: 0 },
            { header: 'First start', kind: 'time' },
            { header: 'Last end', kind: 'time' },
            { header: 'Runtime', unit: 'min', kind: 'number', digits: 1 },
            { header: 'Applied depth', unit: 'mm', kind: 'number', digits: 1 },
            { header: 'Water used', unit: 'm³', kind: 'number', digits: 3 },
            { header: 'Skipped runs', kind: 'number', digits: 0 },
            { header: 'Faulted runs', kind: 'number', digits: 0 },
          ],
        },
        rows,
      ),
      {
        name: 'Runs',
        columns: [
          { header: 'Zone', kind: 'text' },
          { header: 'Start', kind: 'time' },
          { header: 'End', kind: 'time' },
          { header: 'Runtime', unit: 'min', kind: 'number', digits: 1 },
          { header: 'Applied depth', unit: 'mm', kind: 'number', digits: 1 },
        ],
        rows: runRows,
      },
    ],
    chart: dailyChart(
      { title: 'Irrigation runtime per day, all zones', unit: 'h', label: 'Runtime', digits: 2 },
      dayTotals,
    ),
  };
}

/** Each zone's application rate (mm/h) from its area's program. */
async function applicationRates(db: Database, areaId: number): Promise<Map<number, number>> {
  const program = await findProgramZones(db, areaId);
  return new Map(
    (program?.zones ?? []).flatMap((zone) =>
      typeof zone.setting?.applicationRate === 'number'
        ? [[zone.id, zone.setting.applicationRate] as const]
        : [],
    ),
  );
}

/** Start requests of the area's program that did not water: refused or cancelled. */
async function skippedStarts(
  db: Database,
  areaId: number,
  range: ReportRange,
): Promise<{ time: number; zones: number[] }[]> {
  const rows = await skippedStartRows(db, areaId, range);
  return rows.map((row) => ({
    time: toMs(row.created_at),
    zones: Array.isArray(row.payload?.zones)
      ? row.payload.zones.filter((zone): zone is number => typeof zone === 'number')
      : [],
  }));
}

/** Open commands to a zone's valves that failed or went unanswered, one per zone and command. */
async function faultedOpens(
  db: Database,
  areaId: number,
  range: ReportRange,
): Promise<{ time: number; section: number }[]> {
  const rows = await faultedOpenRows(db, areaId, range);
  return rows.map((row) => ({ time: toMs(row.sent_at), section: Number(row.section) }));
}

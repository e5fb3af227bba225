/**
 * The water report (§3 waterReport): per water meter per site-local day, the volume it measured
 * (the rises of its `water.total`, each interval on the day of its middle, a fall being a meter
 * reset, as issue 14's attribution counts them), its peak flow (the highest `water.flow` reading,
 * or, for a meter without one, the highest flow between two totals) and the hours it measured
 * water flowing; per tank per day, its lowest and highest level.
 */
import type { ReportCell, ReportColumn, ReportDocument } from '@paddock/domain';
import type { Database } from '../db/client.ts';
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
import { sensorReadingRows, waterSensorRows } from './report.repository.ts';

const HOUR_MS = 3_600_000;

/** The figures of a meter's day and of a tank's day, after the thing and the day. */
const METER_FIGURES: readonly ReportColumn[] = [
  { header: 'Volume', unit: 'm³', kind: 'number', digits: 3 },
  { header: 'Peak flow', unit: 'm³/h', kind: 'number', digits: 2 },
  { header: 'Hours pumping', unit: 'h', kind: 'number', digits: 2 },
];
const TANK_FIGURES: readonly ReportColumn[] = [
  { header: 'Lowest level', unit: '%', kind: 'number', digits: 1 },
  { header: 'Highest level', unit: '%', kind: 'number', digits: 1 },
];

type MeterDay = { volume: number; peakFlow: number | null; pumpingMs: number };

/** A sensor's readings of one metric over the range, in time order. */
async function readingsOf(
  db: Database,
  sensorId: number,
  metrics: readonly string[],
  range: ReportRange,
): Promise<{ time: number; value: number }[]> {
  const rows = await sensorReadingRows(db, sensorId, metrics, range);
  return rows.map((row) => ({ time: toMs(row.time), value: Number(row.value) }));
}

export async function waterReport(
  db: Database,
  ask: SiteReportAsk,
  onProgress: (percent: number) => Promise<void>,
): Promise<ReportDocument> {
  const site = await readReportSite(db, ask.siteId, ask.areaId);
  const { timeZone } = site;
  const areaIds = [...site.areas.keys()];
  const sensors =
    areaIds.length === 0
      ? []
      : (await waterSensorRows(db, ask.siteId, areaIds)).filter((sensor) =>
          chosen(ask.things, Number(sensor.id)),
        );
  const meters = sensors.filter((sensor) => sensor.type === 'watermeter');
  const tanks = sensors.filter((sensor) => sensor.type === 'level');

  const meterRows: ReportCell[][] = [];
  const dayVolumes = new Map<string, number>();
  let done = 0;
  const step = async () => {
    done += 1;
    await onProgress(Math.round(10 + (70 * done) / Math.max(1, sensors.length)));
  };
  for (const meter of meters) {
    const id = Number(meter.id);
    const days = new Map<string, MeterDay>();
    const dayOf = (day: string) => {
      let entry = days.get(day);
      if (!entry) {
        entry = { volume: 0, peakFlow: null, pumpingMs: 0 };
        days.set(day, entry);
      }
      return entry;
    };
    const totals = await readingsOf(db, id, ['water.total'], ask);
    const flows = await readingsOf(db, id, ['water.flow'], ask);
    for (let i = 1; i < totals.length; i++) {
      const before = totals[i - 1];
      const after = totals[i];
      if (!before || !after || after.time <= before.time) continue;
      const volume = after.value - before.value;
      if (volume <= 0) continue;
      const entry = dayOf(localDay((before.time + after.time) / 2, timeZone));
      entry.volume += volume;
      entry.pumpingMs += after.time - before.time;
      if (flows.length === 0) {
        const flow = volume / ((after.time - before.time) / HOUR_MS);
        entry.peakFlow = Math.max(entry.peakFlow ?? 0, flow);
      }
    }
    for (const flow of flows) {
      const entry = dayOf(localDay(flow.time, timeZone));
      entry.peakFlow = Math.max(entry.peakFlow ?? flow.value, flow.value);
    }
    for (const [day, entry] of [...days.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      meterRows.push([
        meter.label,
        day,
        round(entry.volume, 3),
        entry.peakFlow === null ? null : round(entry.peakFlow, 2),
        round(entry.pumpingMs / HOUR_MS, 2),
      ]);
      dayVolumes.set(day, (dayVolumes.get(day) ?? 0) + entry.volume);
    }
    await step();
  }

  const tankRows: ReportCell[][] = [];
  for (const tank of tanks) {
    const days = new Map<string, { low: number; high: number }>();
    for (const reading of await readingsOf(db, Number(tank.id), ['tank.level', 'level'], ask)) {
      const day = localDay(reading.time, timeZone);
      const entry = days.get(day);
      if (!entry) days.set(day, { low: reading.value, high: reading.value });
      else {
        entry.low = Math.min(entry.low, reading.value);
        entry.high = Math.max(entry.high, reading.value);
      }
    }
    for (const [day, entry] of [...days.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      tankRows.push([tank.label, day, round(entry.low, 1), round(entry.high, 1)]);
    }
    await step();
  }

  return {
    ...reportHeading('Water report', site, ask),
    notes: [
      `Days in ${timeZone}. A meter's volume is the rise of its total between readings, each ` +
        'interval on the day of its middle; a fall (a meter reset) counts nothing.',
      'Hours pumping: the time between readings in which the meter measured water.',
    ],
    csvAllTables: true,
    tables: [
      thingsByDayTable(
        { name: 'Meters by day', thing: 'Meter', figures: METER_FIGURES },
        meterRows,
      ),
      thingsByDayTable({ name: 'Tanks by day', thing: 'Tank', figures: TANK_FIGURES }, tankRows),
    ],
    chart: dailyChart(
      { title: 'Water measured per day, all meters', unit: 'm³', label: 'Volume', digits: 3 },
      dayVolumes,
    ),
  };
}

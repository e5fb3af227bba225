/**
 * The past of a virtual site: its devices are run from `from` to `until` with the same models as
 * a live run, report by report, and what they would have sent comes out as series of (time,
 * value) — the sensors' and controls' readings and the radios' battery, signal and misses — one
 * chunk per simulated day, so the caller can store them as they come. A silent spell or a report
 * lost on a weak link leaves a gap, as it would live.
 *
 * Irrigation in the past follows a plain schedule (backfill.ts scheduledToRun): each valve zone
 * every third night of the growing season, pivots every fourth, pumps whenever their area waters.
 * At `until` every control is stopped, so the live run that continues these devices starts from
 * a quiet farm whose programs the server drives.
 */
import { DEVICE_SERIES_METRICS } from '@paddock/domain';
import { applyPastSchedule } from './schedule.ts';
import type { VirtualDevice } from './device.ts';
import type { ControlRef, SiteState } from './site.ts';

export type HistoryThing = 'sensor' | 'control' | 'radio' | 'unit';

/** One series' points of a chunk: times in ms since the epoch, oldest first. */
export type HistorySeries = {
  thing: HistoryThing;
  id: number;
  metric: string;
  times: number[];
  values: number[];
};

export type HistoryChunk = {
  siteId: number;
  /** The chunk covers [from, to). */
  from: Date;
  to: Date;
  series: HistorySeries[];
  /** Points in the chunk, over all its series. */
  points: number;
};

export type SiteHistoryInput = {
  siteId: number;
  site: SiteState;
  /** The devices, built at `from`. */
  devices: readonly VirtualDevice[];
  from: Date;
  /** The end (excluded): where the live run takes over. */
  until: Date;
  /** Time between reports; 10 minutes when not given. */
  stepMs?: number;
  /** Length of a chunk; a day when not given. */
  chunkMs?: number;
};

/** Every control of the site's devices, as the site's schedule drives them. */
function siteControls(devices: readonly VirtualDevice[]): ControlRef[] {
  return devices.flatMap((device) =>
    device.config.controls.map((control) => ({
      id: control.id,
      type: control.type,
      areaId: device.config.device.areaId,
      sectionId: control.sectionId,
    })),
  );
}

/** Runs the site's devices through [from, until) and yields what they reported, a chunk at a time. */
export function* siteHistory(input: SiteHistoryInput): Generator<HistoryChunk> {
  const stepMs = input.stepMs ?? 600_000;
  const chunkMs = input.chunkMs ?? 86_400_000;
  if (!(stepMs >= 1000)) throw new Error('the history step is at least one second');
  const { site, devices } = input;
  const controls = siteControls(devices);
  const end = input.until.getTime();

  for (let chunkStart = input.from.getTime(); chunkStart < end; chunkStart += chunkMs) {
    const chunkEnd = Math.min(chunkStart + chunkMs, end);
    const series = new Map<string, HistorySeries>();
    let points = 0;
    const add = (thing: HistoryThing, id: number, metric: string, time: number, value: number) => {
      const key = `${thing}:${id}:${metric}`;
      let entry = series.get(key);
      if (!entry) {
        entry = { thing, id, metric, times: [], values: [] };
        series.set(key, entry);
      }
      entry.times.push(time);
      entry.values.push(value);
      points++;
    };
    for (let t = chunkStart; t < chunkEnd; t += stepMs) {
      const time = new Date(t);
      applyPastSchedule(site, controls, time);
      for (const device of devices) {
        const report = device.historyReport(time);
        if (!report) continue;
        for (const reading of report.readings) {
          add(reading.thing, reading.id, reading.metric, t, reading.value);
        }
        const status = report.status;
        if (!status) continue;
        for (const metric of DEVICE_SERIES_METRICS) {
          const value = status[metric];
          if (value !== undefined)
            add(device.config.device.kind, device.config.device.id, metric, t, value);
        }
      }
    }
    yield {
      siteId: input.siteId,
      from: new Date(chunkStart),
      to: new Date(chunkEnd),
      series: [...series.values()],
      points,
    };
  }
  for (const control of controls) site.setRunning(control, false, input.until);
}
